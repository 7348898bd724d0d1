/** @module machine/event — what can happen to the widget: user actions and server outcomes. */

import type { AuthenticateData } from './screen.js';
import type { ScreenError } from './state.js';

/** One event for `transition`. */
export type Event =
  /** The user submitted the email form on Main. */
  | { type: 'EMAIL_SUBMITTED'; email: string }
  /** The magic link was sent (login-or-create succeeded). */
  | { type: 'MAGIC_LINK_SENT'; email: string }
  /** The user asked to resend the email from EmailConfirmation. */
  | { type: 'RESEND_REQUESTED' }
  /** The resend call succeeded. */
  | { type: 'RESEND_SUCCEEDED' }
  /** A sign-in call succeeded with a session. */
  | { type: 'AUTHENTICATED'; result: AuthenticateData }
  /** The call in flight failed. */
  | { type: 'REQUEST_FAILED'; error: ScreenError }
  /** The back arrow. */
  | { type: 'BACK' }
  /** A toast finished its exit animation. */
  | { type: 'TOAST_DISMISSED'; id: number };

/** The `type` of an event. */
export type EventType = Event['type'];

/** The event member of type `T`. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

const types: Record<EventType, true> = {
  EMAIL_SUBMITTED: true,
  MAGIC_LINK_SENT: true,
  RESEND_REQUESTED: true,
  RESEND_SUCCEEDED: true,
  AUTHENTICATED: true,
  REQUEST_FAILED: true,
  BACK: true,
  TOAST_DISMISSED: true,
};

/** Every event type. */
export const EVENT_TYPES: readonly EventType[] = Object.keys(types) as EventType[];
