/** @module theme/element-classes — the host's `appearance.elements` classes, for the elements that render them. */
import { type Context, createContext, useContext } from 'react';
import type { Appearance, AppearanceElement } from './appearance.js';

type Elements = NonNullable<Appearance['elements']>;

/** The classes of the widget around; none outside one. */
export const ElementClassesContext: Context<Elements> = createContext<Elements>({});

/** `base` plus the host's class for `element`, if any. */
export function withElementClass(base: string, elements: Elements, element: AppearanceElement): string {
  const extra = elements[element]?.trim();
  return extra ? `${base} ${extra}` : base;
}

/** `base` plus the host's class for `element` in the current widget. */
export function useElementClass(base: string, element: AppearanceElement): string {
  return withElementClass(base, useContext(ElementClassesContext), element);
}
