/**
 * @module server-api — the flat answers of the server-facing API (`/v1/…` with the project secret;
 * docs/contracts.md): the fields sit at the top level, not in `data`, and carry no `__user`.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { ProviderValuesSchema } from './oauth.js';
import { serverSignInSchema } from './server-sign-in.js';
import { ServerUserSchema } from './server-users.js';
import { SessionSchema } from './session.js';

/** POST /v1/sessions/authenticate: the live session, fresh tokens and the user (the server user object). */
export const ServerSessionsAuthenticateResponse = Type.Object({
  ...flatAnswerFields,
  session: SessionSchema,
  session_token: Type.String(),
  session_jwt: Type.String(),
  user: ServerUserSchema,
});

/** POST /v1/magic_links/authenticate; `method_id` is the email id the link proved. */
export const ServerMagicLinksAuthenticateResponse = serverSignInSchema({ method_id: Type.String() }, {});

/** POST /v1/oauth/authenticate: the linked identity (an entry of `user.providers`) and the upstream's answer. */
export const ServerOAuthAuthenticateResponse = serverSignInSchema(
  { oauth_user_registration_id: Type.String() },
  {
    provider_subject: Type.String(),
    /** The wire provider name, e.g. `google`. */
    provider_type: Type.String(),
    profile_picture_url: Type.String(),
    locale: Type.String(),
    provider_values: ProviderValuesSchema,
  },
);

export type ServerSessionsAuthenticateResult = Static<typeof ServerSessionsAuthenticateResponse>;
export type ServerMagicLinksAuthenticateResult = Static<typeof ServerMagicLinksAuthenticateResponse>;
export type ServerOAuthAuthenticateResult = Static<typeof ServerOAuthAuthenticateResponse>;

/** GET /v1/sessions?user_id=: the user's live sessions, newest first. */
export const ServerSessionsGetResponse = Type.Object({
  ...flatAnswerFields,
  sessions: Type.Array(SessionSchema),
});

/** POST /v1/sessions/revoke: nothing but the envelope. */
export const ServerSessionsRevokeResponse = Type.Object({
  ...flatAnswerFields,
});

/** POST /v1/sessions/revoke_all (Latchkey's): the ids of the sessions revoked by this call. */
export const ServerSessionsRevokeAllResponse = Type.Object({
  ...flatAnswerFields,
  revoked_session_ids: Type.Array(Type.String()),
});

export type ServerSessionsGetResult = Static<typeof ServerSessionsGetResponse>;
export type ServerSessionsRevokeResult = Static<typeof ServerSessionsRevokeResponse>;
export type ServerSessionsRevokeAllResult = Static<typeof ServerSessionsRevokeAllResponse>;

/** The envelope and ids of a server-side send (magic links, passcodes): who it is for, and where it went. */
function serverSendSchema<I extends TProperties>(ids: I) {
  return Type.Object({
    ...flatAnswerFields,
    user_id: Type.String(),
    ...ids,
  });
}

/** `user_created`: the call made the user (a login_or_create to an address or number without an account). */
const userCreated = { user_created: Type.Boolean() };

/** POST /v1/magic_links/email/send and /invite, POST /v1/otps/email/send: the user and the email id. */
export const ServerEmailSendResponse = serverSendSchema({ email_id: Type.String() });
/** POST /v1/magic_links/email/login_or_create and /v1/otps/email/login_or_create. */
export const ServerEmailLoginOrCreateResponse = serverSendSchema({ email_id: Type.String(), ...userCreated });
/** POST /v1/otps/sms/send and /v1/otps/whatsapp/send: the user and the phone id. */
export const ServerPhoneSendResponse = serverSendSchema({ phone_id: Type.String() });
/** POST /v1/otps/sms/login_or_create and /v1/otps/whatsapp/login_or_create. */
export const ServerPhoneLoginOrCreateResponse = serverSendSchema({ phone_id: Type.String(), ...userCreated });
/** POST /v1/magic_links/email/revoke_invite: nothing but the envelope. */
export const ServerMagicLinksRevokeInviteResponse = ServerSessionsRevokeResponse;
/** POST /v1/otps/authenticate; `method_id` is the email or phone id the code proved. */
export const ServerOtpsAuthenticateResponse = serverSignInSchema({ method_id: Type.String() }, {});

export type ServerEmailSendResult = Static<typeof ServerEmailSendResponse>;
export type ServerEmailLoginOrCreateResult = Static<typeof ServerEmailLoginOrCreateResponse>;
export type ServerPhoneSendResult = Static<typeof ServerPhoneSendResponse>;
export type ServerPhoneLoginOrCreateResult = Static<typeof ServerPhoneLoginOrCreateResponse>;
export type ServerMagicLinksRevokeInviteResult = Static<typeof ServerMagicLinksRevokeInviteResponse>;
export type ServerOtpsAuthenticateResult = Static<typeof ServerOtpsAuthenticateResponse>;
