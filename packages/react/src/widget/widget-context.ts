/** @module widget/widget-context — what every screen of one mounted widget shares. */
import { type Context, createContext, type RefObject, useContext } from 'react';
import type { WidgetClock } from '../clock.js';
import type { WidgetConfig } from '../config.js';
import type { EffectContext } from '../machine/effect-context.js';
import type { Event } from '../machine/event.js';
import type { MachineState } from '../machine/state.js';
import type { ResolvedStrings, Translate } from '../strings/resolve-strings.js';
import type { WidgetBootstrap } from '../widget-client.js';

/** The shared state and helpers of one widget instance. */
export interface WidgetContextValue {
  state: MachineState;
  send: (event: Event) => void;
  t: Translate;
  strings: ResolvedStrings;
  config: WidgetConfig;
  bootstrap: WidgetBootstrap;
  clock: WidgetClock;
  hideHeaderText: boolean;
  /** False until the first screen has rendered, so mounting never steals the page's focus. */
  focusReady: RefObject<boolean>;
  /** The latest client, config and callbacks, for work a screen runs outside the machine. */
  effectContext: () => EffectContext;
}

/** The context; `null` outside a widget. */
export const WidgetContext: Context<WidgetContextValue | null> = createContext<WidgetContextValue | null>(
  null,
);

/** The current widget's context; screens and components use it instead of prop drilling. */
export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('Latchkey: widget components must be rendered inside a Latchkey widget.');
  return value;
}
