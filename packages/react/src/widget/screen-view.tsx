/** @module widget/screen-view — renders the registry's component for the current screen. */
import type { ComponentType, ReactElement } from 'react';
import type { Screen } from '../machine/screen.js';
import { screenRegistry } from '../screens/registry.js';
import { useWidget } from './widget-context.js';

/** The current screen; keyed by name so a new screen mounts fresh (and moves focus). */
export function ScreenView(): ReactElement {
  const { state } = useWidget();
  // The registry's mapped type guarantees the component matches the name; TS cannot correlate them.
  const Component = screenRegistry[state.screen.name] as ComponentType<{ screen: Screen }>;
  return <Component key={state.screen.name} screen={state.screen} />;
}
