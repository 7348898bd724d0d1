/** @module wire-types — the wire objects of `wire/objects.md`, in the wire's snake_case. */

/** Opaque session token (the `stytch_session` cookie value). */
export type SessionToken = string & { readonly __brand?: 'SessionToken' };
/** Signed session JWT (the `stytch_session_jwt` cookie value). */
export type SessionJwt = string & { readonly __brand?: 'SessionJwt' };
/** A user id, e.g. `user-test-…`. */
export type UserId = string & { readonly __brand?: 'UserId' };

/** Fields every `/sdk/v1` response carries inside `data`. */
export interface ResponseCommon {
  request_id: string;
  status_code: number;
}

export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** One passkey of the user (`objects.md`; the timestamps are ours, `docs/contracts.md`). */
export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  /** `"platform"`, `"cross-platform"` or `""` (unknown). */
  authenticator_type: string;
  verified: boolean;
  name: string;
  created_at: string;
  /** Null until the passkey is first used to sign in. */
  last_authenticated_at: string | null;
}

/** The User object (`objects.md#user`). */
export interface User {
  user_id: UserId;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  crypto_wallets: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }[];
  providers: {
    oauth_user_registration_id: string;
    provider_subject: string;
    provider_type: string;
    profile_picture_url: string;
    locale: string;
  }[];
  password: null | { password_id: string; requires_reset: boolean };
  totps: { totp_id: string; verified: boolean }[];
  webauthn_registrations: WebAuthnRegistration[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}

/** One authentication factor; the detail key depends on `delivery_method` (`objects.md`). */
export interface AuthenticationFactor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  [detail: string]: unknown;
}

/** The Session object (`objects.md#session`). */
export interface Session {
  session_id: string;
  user_id: UserId;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: null | Record<string, unknown>;
}

/** The second factors a user can complete a multi-factor sign-in with (`docs/contracts.md`, issue 9). */
export interface MfaRequired {
  /** The user has a verified TOTP: `totps.authenticate` (or `totps.recover`). */
  totp: boolean;
  /** The user has a verified phone: `otps.sms.send` then `otps.authenticate`. */
  sms: boolean;
  /** Neither: enrol a TOTP with `totps.create`, then `totps.authenticate`. */
  enrol: boolean;
}

/**
 * What a sign-in returns to the caller (the wire AuthenticateResponse without `__user`). When the
 * project requires a second factor, a primary sign-in answers with `session_token: ""`,
 * `session: null`, an `intermediate_session_token` and `mfa_required`; no session exists yet.
 */
export interface AuthenticateResult extends ResponseCommon {
  user_id: UserId;
  session_token: SessionToken;
  session_jwt: SessionJwt;
  /** Null while a second factor is pending (`mfa_required`). */
  session: Session | null;
  user: User;
  /** Set only while a second factor is pending; the client keeps it in its cookie. */
  intermediate_session_token?: string;
  /** Set only while a second factor is pending: which second factors are open. */
  mfa_required?: MfaRequired;
  [extra: string]: unknown;
}

/** The raw AuthenticateResponse as the provider sends it, including `__user`. */
export interface AuthenticateResponse extends AuthenticateResult {
  __user?: User;
}

/** Data of the magic-link send calls (`endpoints.md`, magic links). */
export interface MagicLinksSendResult extends ResponseCommon {
  user_id?: UserId;
  email_id?: string;
}

/** Data of every OTP send call (`endpoints.md`, one-time passcodes; `contracts.md`). */
export interface OtpsSendResult extends ResponseCommon {
  /** The email or phone factor the code went to; pass it to `otps.authenticate`. */
  method_id: string;
  user_id: UserId;
}

/** Data of `otps.email.*`: `method_id` is the `email_id`. */
export interface OtpsEmailSendResult extends OtpsSendResult {
  email_id: string;
}

/** Data of `otps.sms.*` and `otps.whatsapp.*`: `method_id` is the `phone_id`. */
export interface OtpsPhoneSendResult extends OtpsSendResult {
  phone_id: string;
}

/** What `otps.authenticate` returns: the sign-in result plus the factor the code belonged to. */
export interface OtpsAuthenticateResult extends AuthenticateResult {
  method_id: string;
}

/** What `PUT /users/me` returns to the caller. */
export interface UserUpdateResult extends ResponseCommon {
  user_id: UserId;
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  crypto_wallets: User['crypto_wallets'];
  [extra: string]: unknown;
}

/** What the `DELETE /users/…` removals return to the caller. */
export interface UserFactorDeleteResult extends ResponseCommon {
  user_id: UserId;
  [extra: string]: unknown;
}

/** The session tokens as the cookies hold them. */
export interface SessionTokens {
  session_token: SessionToken;
  session_jwt: SessionJwt;
}

/** What `passwords.create` returns: the sign-in result plus the new email factor. */
export interface PasswordsCreateResult extends AuthenticateResult {
  email_id: string;
}

/** `POST /passwords/email/reset/check` data (Latchkey's): the open reset link's address and expiry. */
export interface PasswordsResetByEmailCheckResult extends ResponseCommon {
  email: string;
  /** ISO 8601. */
  expires_at: string;
}

/** `POST /passwords/strength_check` data (`endpoints.md`, passwords), returned as is. */
export interface PasswordStrengthCheckResult extends ResponseCommon {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: 'luds' | 'zxcvbn';
  feedback: {
    suggestions: string[];
    warning: string;
    luds_requirements: {
      has_digit: boolean;
      has_lower_case: boolean;
      has_symbol: boolean;
      has_upper_case: boolean;
      missing_characters: number;
      missing_complexity: number;
    };
  };
}

/** `POST /users/search` data; note the camelCase `userType` (`endpoints.md`, the signed-in user). */
export interface UsersSearchResult extends ResponseCommon {
  userType: 'new' | 'password' | 'passwordless';
}

/** What `passwords.resetBySession` returns: the raw response, `__user` kept (`endpoints.md`, summary). */
export type PasswordsResetBySessionResult = AuthenticateResponse;

/** What `webauthn.register` and `webauthn.authenticate` return: the sign-in result plus the passkey used. */
export interface WebAuthnAuthenticateResult extends AuthenticateResult {
  webauthn_registration_id: string;
}

/** What `webauthn.register` returns (same shape as a passkey sign-in). */
export type WebAuthnRegisterResult = WebAuthnAuthenticateResult;

/** `PUT /webauthn/update/{id}` data, returned as is. */
export interface WebAuthnUpdateResult extends ResponseCommon {
  webauthn_registration: WebAuthnRegistration;
}

/** `POST /totps` data: a new TOTP, unverified until its first code (`endpoints.md`, TOTP). */
export interface TotpsCreateResult extends ResponseCommon {
  user_id: UserId;
  totp_id: string;
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** A `data:image/png;base64,…` URL of the `otpauth://` URI, to show as an image. */
  qr_code: string;
  /** Ten single-use codes; shown once, as the provider keeps only their hashes. */
  recovery_codes: string[];
  [extra: string]: unknown;
}

/** What `totps.authenticate` and `totps.recover` return: the sign-in result plus the TOTP's id. */
export interface TotpsAuthenticateResult extends AuthenticateResult {
  totp_id: string;
}

/** `POST /totps/recovery_codes` data: a new set of recovery codes (the old ones stop working). */
export interface TotpsRecoveryCodesResult extends ResponseCommon {
  user_id: UserId;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[] };
  [extra: string]: unknown;
}
