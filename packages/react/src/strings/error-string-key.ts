/**
 * @module strings/error-string-key — the `errors.<code>` keys a strings table may hold: a wire
 * `error_type` (`@latchkey/wire`), a code the client raises, or one of the widget's own. A table
 * key or a lookup with any other code fails `tsc -b`.
 */
import type { KnownLatchkeyErrorCode } from '@latchkey/client';
import type { ErrorCode } from '@latchkey/wire/error-codes';

/** Codes the widget words although neither the provider nor the client raises them. */
export type WidgetErrorCode =
  /** The fallback for an error without a text or a message. */
  | 'generic'
  /** Checks the widget makes before sending anything. */
  | 'invalid_email_format'
  | 'password_required'
  | 'reset_token_missing'
  | 'login_token_missing'
  /** The hosted API's code for a wrong passcode (the widget also runs against it). */
  | 'otp_code_not_found';

/** Every code an `errors.*` text may be keyed by. */
export type ErrorStringCode = ErrorCode | KnownLatchkeyErrorCode | WidgetErrorCode;

/** An `errors.*` key of a strings table. */
export type ErrorStringKey = `errors.${ErrorStringCode}`;

/** The `errors.*` keys of a table `T` that name no known code (`never` when all do). */
export type UnknownErrorKeys<T> = Exclude<Extract<keyof T, `errors.${string}`>, ErrorStringKey>;

/** Compiles only when `Unknown` is `never`; otherwise tsc names the offending keys. */
export type NoUnknownErrorKeys<Unknown extends never> = Unknown extends never ? true : false;
