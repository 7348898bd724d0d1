/** @module widget/widget-props — the props every widget mode takes (the contract's mount options). */

import type { WidgetClock } from '../clock.js';
import type { WidgetCallbacks, WidgetConfig } from '../config.js';
import type { StringOverrides } from '../strings/en.js';
import type { LatchkeyStyles } from '../theme/theme.js';
import type { WidgetClient } from '../widget-client.js';

/** Props of <SignIn>, <ResetPassword> and <PasskeyRegistration>. */
export interface WidgetProps {
  config: WidgetConfig;
  styles?: LatchkeyStyles;
  callbacks?: WidgetCallbacks;
  strings?: StringOverrides;
  /** The client; defaults to the one of the nearest <LatchkeyProvider>. */
  client?: WidgetClient;
  /** The time source of countdowns and code expiry; defaults to the system clock (tests inject one). */
  clock?: WidgetClock;
}
