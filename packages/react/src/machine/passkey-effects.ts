/** @module machine/passkey-effects — the passkey calls: sign-in (button and autofill), register, list edits. */
import { sessionDurationOf } from '../config.js';
import { type EffectContext, emit, log, logFailure, report } from './effect-context.js';
import type { Event, EventOf } from './event.js';

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

// Spec §8: the browser's or provider's wording for a credential this account already holds
// (the authenticator "contains one of the credentials already registered", "matches an excluded credential").
const ALREADY_REGISTERED = /excluded|already (registered|contains)|previously registered/i;

/** Spec §8: true when a failed registration means the passkey already exists. */
export function isAlreadyRegistered(error: unknown): boolean {
  return codeOf(error) === 'webauthn_credential_excluded' || ALREADY_REGISTERED.test(messageOf(error));
}

/**
 * One passkey sign-in. `signal` makes it the autofill (conditional UI) request of the email
 * field. Resolves to null when there is nothing to do: conditional mediation is not possible,
 * or the request was aborted (by `signal` or by a newer ceremony), which is never an error.
 */
export async function authenticatePasskey(ctx: EffectContext, signal?: AbortSignal): Promise<Event | null> {
  const sessionDurationMinutes = sessionDurationOf(ctx.config);
  try {
    const result = await ctx.client.webauthn.authenticate(
      signal ? { sessionDurationMinutes, conditionalMediation: true, signal } : { sessionDurationMinutes },
    );
    if (result === null || result === undefined) return null;
    emit(ctx, 'PASSKEY_AUTHENTICATE', result);
    log(ctx, 'ui_authentication_success', { method: 'passkey' });
    return { type: 'PASSKEY_AUTHENTICATED', result };
  } catch (error) {
    if (codeOf(error) === 'webauthn_aborted' || signal?.aborted) return null;
    return { type: 'PASSKEY_LOGIN_FAILED', error: { ...report(ctx, error), field: 'passkey' } };
  }
}

/** PASSKEY_LOGIN_REQUESTED ('Log in with a Passkey'): the modal ceremony. */
export async function requestPasskeyLogin(ctx: EffectContext): Promise<Event> {
  return (await authenticatePasskey(ctx)) ?? { type: 'PASSKEY_LOGIN_FAILED', error: null };
}

/**
 * The email field's autofill request (spec §5 conditional mediation): started only where the
 * browser supports it; resolves when the user picks a passkey, or to null (unsupported, aborted).
 */
export async function startPasskeyAutofill(ctx: EffectContext, signal: AbortSignal): Promise<Event | null> {
  const supported = await ctx.client.webauthn.browserSupportsAutofill().catch(() => false);
  if (!supported || signal.aborted) return null;
  return authenticatePasskey(ctx, signal);
}

/** PASSKEY_CREATE_REQUESTED: registers a passkey for the signed-in user. */
export async function registerPasskey(ctx: EffectContext): Promise<Event> {
  try {
    const result = await ctx.client.webauthn.register({
      isPasskey: true,
      sessionDurationMinutes: sessionDurationOf(ctx.config),
    });
    emit(ctx, 'PASSKEY_REGISTER', result);
    log(ctx, 'ui_passkey_registered', {});
    return { type: 'PASSKEY_REGISTERED', result };
  } catch (error) {
    report(ctx, error);
    // Spec §8 knows two outcomes only; the screen words each (passkey.alreadyRegistered / notCreated).
    const code = isAlreadyRegistered(error) ? 'passkey_already_registered' : 'passkey_not_created';
    return { type: 'REQUEST_FAILED', error: { code } };
  }
}

/** Entering PasskeyRegistrationSuccess: the user's passkeys, fresh from the provider. */
export async function loadPasskeys(ctx: EffectContext): Promise<Event> {
  try {
    const user = await ctx.client.user.get();
    return { type: 'PASSKEYS_LOADED', registrations: user.webauthn_registrations ?? [] };
  } catch (error) {
    // Without the fetch, the user the client already holds is the best list there is.
    logFailure(ctx, 'passkey_list_failed', {}, error);
    return {
      type: 'PASSKEYS_LOADED',
      registrations: ctx.client.user.getSync()?.webauthn_registrations ?? [],
    };
  }
}

/** PASSKEY_RENAMED: the list already shows the new name; a failure is only logged (spec §4). */
export async function renamePasskey(
  event: EventOf<'PASSKEY_RENAMED'>,
  ctx: EffectContext,
): Promise<undefined> {
  const { webauthnRegistrationId } = event;
  try {
    await ctx.client.webauthn.update({ webauthnRegistrationId, name: event.name.trim() });
  } catch (error) {
    logFailure(ctx, 'passkey_rename_failed', { webauthn_registration_id: webauthnRegistrationId }, error);
  }
  return undefined;
}

/** PASSKEY_DELETED: the row is already gone; a failure is only logged (spec §4). */
export async function deletePasskey(
  event: EventOf<'PASSKEY_DELETED'>,
  ctx: EffectContext,
): Promise<undefined> {
  const { webauthnRegistrationId } = event;
  try {
    await ctx.client.user.deleteWebauthnRegistration(webauthnRegistrationId);
  } catch (error) {
    logFailure(ctx, 'passkey_delete_failed', { webauthn_registration_id: webauthnRegistrationId }, error);
  }
  return undefined;
}
