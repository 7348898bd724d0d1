/**
 * @module wire-types — the wire objects as the client hands them to callers. Every shape is
 * `@latchkey/wire`'s, imported as types only, so no schema code enters the client's bundle.
 */
import type {
  OtpsAuthenticateResponseData,
  ResponseCommon,
  SignInResponse,
  TotpsCreateResponseData,
  User,
  UserFactorDeleteResponseData,
  UserUpdateResponse,
  AuthenticationFactor as WireAuthenticationFactor,
  MfaRequired as WireMfaRequired,
  Session as WireSession,
  UserName as WireUserName,
  WebAuthnRegistration as WireWebAuthnRegistration,
} from '@latchkey/wire';

export type {
  BotCheckBody,
  LocaleTag,
  MagicLinksSendResult,
  OtpsEmailSendResult,
  OtpsPhoneSendResult,
  PasswordStrengthCheckResult,
  PasswordsResetByEmailCheckResult,
  ResponseCommon,
  TotpsRecoveryCodesResult,
  User,
  UsersSearchResult,
  WebAuthnUpdateResult,
} from '@latchkey/wire';

/** Opaque session token (the `stytch_session` cookie value). */
export type SessionToken = string & { readonly __brand?: 'SessionToken' };
/** Signed session JWT (the `stytch_session_jwt` cookie value). */
export type SessionJwt = string & { readonly __brand?: 'SessionJwt' };
/** A user id, e.g. `user-test-…`. */
export type UserId = string & { readonly __brand?: 'UserId' };

/** The user's name parts. */
export type UserName = WireUserName;
/** One passkey of the user (`objects.md`; the timestamps are ours, `docs/contracts.md`). */
export type WebAuthnRegistration = WireWebAuthnRegistration;
/** One authentication factor; the detail key depends on `delivery_method` (`objects.md`). */
export type AuthenticationFactor = WireAuthenticationFactor;
/** The Session object (`objects.md#session`). */
export type Session = WireSession;
/** The second factors a user can complete a multi-factor sign-in with (`docs/contracts.md`, issue 9). */
export type MfaRequired = WireMfaRequired;

/** Extra fields a caller may find beside the documented ones (per-endpoint extras). */
type Extras = { [extra: string]: unknown };

/**
 * What a sign-in returns to the caller (the wire AuthenticateResponse without `__user`). When the
 * project requires a second factor, a primary sign-in answers with `session_token: ""`,
 * `session: null`, an `intermediate_session_token` and `mfa_required`; no session exists yet.
 */
export type AuthenticateResult = Omit<SignInResponse, '__user'> & Extras;

/** The raw AuthenticateResponse as the provider sends it, including `__user`. */
export type AuthenticateResponse = AuthenticateResult & { __user?: User };

/** Data of every OTP send call (`endpoints.md`, one-time passcodes; `contracts.md`). */
export type OtpsSendResult = ResponseCommon & {
  /** The email or phone factor the code went to; pass it to `otps.authenticate`. */
  method_id: string;
  user_id: string;
};

/** What `otps.authenticate` returns: the sign-in result plus the factor the code belonged to. */
export type OtpsAuthenticateResult = AuthenticateResult & Pick<OtpsAuthenticateResponseData, 'method_id'>;

/** What `PUT /users/me` returns to the caller. */
export type UserUpdateResult = Omit<UserUpdateResponse, '__user'> & Extras;

/** What the `DELETE /users/…` removals return to the caller. */
export type UserFactorDeleteResult = Omit<UserFactorDeleteResponseData, '__user'> & Extras;

/** The session tokens as the cookies hold them. */
export interface SessionTokens {
  session_token: SessionToken;
  session_jwt: SessionJwt;
}

/** What `passwords.create` returns: the sign-in result plus the new email factor. */
export type PasswordsCreateResult = AuthenticateResult & { email_id: string };

/** What `passwords.resetBySession` returns: the raw response, `__user` kept (`endpoints.md`, summary). */
export type PasswordsResetBySessionResult = AuthenticateResponse;

/** What `webauthn.register` and `webauthn.authenticate` return: the sign-in result plus the passkey used. */
export type WebAuthnAuthenticateResult = AuthenticateResult & { webauthn_registration_id: string };

/** What `webauthn.register` returns (same shape as a passkey sign-in). */
export type WebAuthnRegisterResult = WebAuthnAuthenticateResult;

/** `POST /totps` data: a new TOTP, unverified until its first code (`endpoints.md`, TOTP). */
export type TotpsCreateResult = Omit<TotpsCreateResponseData, '__user'> & Extras;

/** What `totps.authenticate` and `totps.recover` return: the sign-in result plus the TOTP's id. */
export type TotpsAuthenticateResult = AuthenticateResult & { totp_id: string };
