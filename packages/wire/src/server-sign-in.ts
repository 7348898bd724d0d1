/**
 * @module server-sign-in — the one shape of every server-API sign-in answer (magic links, OAuth,
 * passwords, TOTP, crypto wallets), in the provider's field order. Internal to the wire: the
 * modules that name each endpoint's answer build it from here.
 */
import { type TProperties, Type } from 'typebox';
import { MfaRequiredSchema } from './authenticate-response.js';
import { flatAnswerFields } from './envelope.js';
import { ServerUserSchema } from './server-users.js';
import { SessionSchema } from './session.js';

/**
 * A sign-in's flat answer: the endpoint's `ids` after `user_id`, its `extra` fields after the
 * user. Without a session (none asked for, or a project that requires MFA): `session: null` and
 * empty tokens, and with MFA the intermediate session token and `mfa_required`. `session_token`
 * is empty too when the call named its session by `session_jwt` (the provider keeps only hashes).
 */
export function serverSignInSchema<I extends TProperties, E extends TProperties>(ids: I, extra: E) {
  return Type.Object({
    ...flatAnswerFields,
    user_id: Type.String(),
    ...ids,
    session: Type.Union([Type.Null(), SessionSchema]),
    session_token: Type.String(),
    session_jwt: Type.String(),
    user: ServerUserSchema,
    ...extra,
    intermediate_session_token: Type.Optional(Type.String()),
    mfa_required: Type.Optional(MfaRequiredSchema),
  });
}
