/** @module widget/widget-props — the props every widget mode takes (the contract's mount options). */

import type { WidgetClock } from '../clock.js';
import type { WidgetCallbacks, WidgetConfig } from '../config.js';
import type { StringOverrides } from '../strings/en.js';
import type { Appearance } from '../theme/appearance.js';
import type { LatchkeyStyles } from '../theme/theme.js';
import type { WidgetClient } from '../widget-client.js';

/** Props of <SignIn>, <ResetPassword> and <PasskeyRegistration>. */
export interface WidgetProps {
  config: WidgetConfig;
  styles?: LatchkeyStyles;
  /** Colour scheme, design variables and per-element classes (README, Theming). */
  appearance?: Appearance;
  /**
   * `'external'`: the page links `@latchkey/react/styles.css` itself and the widget adds no
   * `<style>` to the document (strict CSP without a nonce). A shadow root still gets its own.
   * Default `'inject'`.
   */
  stylesheet?: 'inject' | 'external';
  /** The CSP nonce the `<style>` elements the widget adds carry. */
  nonce?: string;
  callbacks?: WidgetCallbacks;
  strings?: StringOverrides;
  /** The client; defaults to the one of the nearest <LatchkeyProvider>. */
  client?: WidgetClient;
  /** The time source of countdowns and code expiry; defaults to the system clock (tests inject one). */
  clock?: WidgetClock;
}
