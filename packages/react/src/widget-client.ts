/** @module widget-client — the subset of the @latchkey/client interface the widget uses. */
import type { LatchkeyClient, OAuthProviderType } from '@latchkey/client';

/** The fields of a wire Session the widget and its hooks rely on (`wire/objects.md`). */
export interface WidgetSession {
  session_id: string;
  user_id: string;
  expires_at: string;
}

/** The fields of one of the user's passkeys the widget shows (`docs/contracts.md`, Passkeys). */
export interface WidgetWebAuthnRegistration {
  webauthn_registration_id: string;
  name: string;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601; null until the passkey is first used to sign in. */
  last_authenticated_at: string | null;
}

/** The fields of a wire User the widget relies on (`wire/objects.md`). */
export interface WidgetUser {
  user_id: string;
  emails: ReadonlyArray<{ email: string }>;
  /** Always sent by the provider; optional here so a user known only in part still renders. */
  webauthn_registrations?: ReadonlyArray<WidgetWebAuthnRegistration>;
}

/** The bootstrap flags the widget reads (spec §3, camelCase). */
export interface WidgetBootstrap {
  displayWatermark?: boolean;
  emailDomains?: readonly string[];
  /** The project's LUDS rules; the checklist names them (spec §5). */
  passwordConfig?: { ludsComplexity: number; ludsMinimumCount: number } | null;
  /**
   * The OAuth providers the project configured (Latchkey's `oauth_providers`): only these get a
   * button, and One Tap runs only where `oneTap` says so. `null`: the provider answered without a
   * list, so every configured button shows; absent: not known yet, so none shows until it is.
   */
  oauthProviders?: ReadonlyArray<{ providerType: string; oneTap: boolean }> | null;
}

/** How an email address signs in, as `POST /users/search` tells (`userType`). */
export type WidgetUserType = 'new' | 'password' | 'passwordless';

/** The strength-check answer fields the widget reads (spec §3 password strength response). */
export interface WidgetPasswordStrength {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  feedback: {
    warning: string;
    suggestions?: readonly string[];
    luds_requirements?: { missing_characters: number; missing_complexity: number };
  };
}

/** Options of `passwords.create` / `passwords.authenticate`. */
export interface WidgetPasswordSignIn {
  email: string;
  password: string;
  sessionDurationMinutes: number;
}

/** Options of `passwords.resetByEmailStart` as the widget passes them. */
export interface WidgetResetStartOptions {
  email: string;
  loginRedirectURL?: string;
  resetPasswordRedirectURL?: string;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
}

/** Options of `magicLinks.email.loginOrCreate` as the contract names them. */
export interface MagicLinkLoginOrCreateOptions {
  loginMagicLinkURL?: string;
  signupMagicLinkURL?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
  createUserAsPending?: boolean;
}

/** Options of `otps.email.loginOrCreate` as the contract names them. */
export interface OtpEmailLoginOrCreateOptions {
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** Options of `otps.sms|whatsapp.loginOrCreate` that the widget passes. */
export interface OtpPhoneLoginOrCreateOptions {
  expirationMinutes?: number;
  locale?: string;
}

/** The field of an OTP send response the widget reads (`wire/ui-widget.md`: `method_id`). */
export interface WidgetOtpSent {
  method_id: string;
}

/** Options of `webauthn.register` as the widget passes them (spec §5 passkey register). */
export interface WidgetWebAuthnRegisterOptions {
  isPasskey?: boolean;
  sessionDurationMinutes?: number;
}

/** Options of `webauthn.authenticate` as the widget passes them (spec §5 passkey authenticate). */
export interface WidgetWebAuthnAuthenticateOptions {
  sessionDurationMinutes: number;
  /** Ask through the browser's autofill (conditional UI) instead of a modal prompt. */
  conditionalMediation?: boolean;
  /** Aborts the ceremony; the call then rejects with code `webauthn_aborted`. */
  signal?: AbortSignal;
}

/** Options of `oauth.{provider}.start` as the widget passes them (the client's snake_case names). */
export interface WidgetOAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** `client.oauth` as the widget uses it: one start per provider name of the wire. */
export type WidgetOAuth = {
  readonly [P in OAuthProviderType]: {
    /** Resolves once the page has been sent to the provider. */
    start(options?: WidgetOAuthStartOptions): Promise<unknown>;
  };
} & {
  googleOneTap: {
    /** Shows Google's One Tap prompt; resolves when it ends (never rejects for valid options). */
    start(options?: WidgetGoogleOneTapStartOptions): Promise<WidgetGoogleOneTapResult>;
  };
};

/** Options of `oauth.googleOneTap.start` as the widget passes them (the client's snake_case names). */
export interface WidgetGoogleOneTapStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  prompt_parent_id?: string;
  cancel_on_tap_outside?: boolean;
}

/** What `oauth.googleOneTap.start` resolves to (spec §3, One Tap result). */
export type WidgetGoogleOneTapResult =
  | { success: true }
  | { success: false; reason: string; error?: unknown };

/** Options of `cryptoWallets.authenticateStart` as the widget passes them (the wire's snake_case names). */
export interface WidgetCryptoWalletStartOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: 'ethereum' | 'solana';
  /** Sign-In With Ethereum: the wallet's chain; the client drops it unless the project requires SIWE. */
  siwe_params?: { chain_id?: number };
}

/** Options of `cryptoWallets.authenticate` as the widget passes them. */
export interface WidgetCryptoWalletAuthenticateOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: 'ethereum' | 'solana';
  signature: string;
  session_duration_minutes: number;
}

/** The fields of `totps.create`'s answer the widget reads (`docs/contracts.md`, TOTP). */
export interface WidgetTotpCreated {
  /** A `data:image/png;base64,…` QR code of the app's `otpauth://` URI. */
  qr_code: string;
  /** The base32 key, for typing into the app instead of scanning. */
  secret: string;
  recovery_codes: readonly string[];
}

/** A telemetry event as `client.telemetry.logEvent` takes it. */
export interface WidgetTelemetryEvent {
  name: string;
  details: Record<string, unknown>;
  error?: unknown;
}

/**
 * What the widget needs from a Latchkey client. The real client from `createLatchkeyClient`
 * satisfies it structurally; tests pass a small fake. Methods use method syntax on purpose, so
 * a client whose parameter types are narrower still fits.
 */
export interface WidgetClient {
  bootstrap: {
    getSync(): WidgetBootstrap;
    getAsync(): Promise<WidgetBootstrap>;
  };
  magicLinks: {
    email: {
      loginOrCreate(email: string, options?: MagicLinkLoginOrCreateOptions): Promise<unknown>;
    };
    authenticate(token: string, options: { sessionDurationMinutes: number }): Promise<unknown>;
  };
  otps: {
    email: {
      loginOrCreate(email: string, options?: OtpEmailLoginOrCreateOptions): Promise<WidgetOtpSent>;
    };
    sms: {
      loginOrCreate(phoneNumber: string, options?: OtpPhoneLoginOrCreateOptions): Promise<WidgetOtpSent>;
      /**
       * Texts a code to a phone of the user; during a multi-factor sign-in the client sends it
       * with the intermediate session token (`/otps/sms/send/secondary`).
       */
      send(phoneNumber: string, options?: OtpPhoneLoginOrCreateOptions): Promise<WidgetOtpSent>;
    };
    whatsapp: {
      loginOrCreate(phoneNumber: string, options?: OtpPhoneLoginOrCreateOptions): Promise<WidgetOtpSent>;
    };
    authenticate(
      code: string,
      methodId: string,
      options: { sessionDurationMinutes: number },
    ): Promise<unknown>;
  };
  passwords: {
    create(options: WidgetPasswordSignIn): Promise<unknown>;
    authenticate(options: WidgetPasswordSignIn): Promise<unknown>;
    strengthCheck(options: { email?: string; password: string }): Promise<WidgetPasswordStrength>;
    resetByEmailStart(options: WidgetResetStartOptions): Promise<unknown>;
    resetByEmail(options: {
      token: string;
      password: string;
      sessionDurationMinutes: number;
    }): Promise<unknown>;
    /** The reset form's 'Login without a password': signs in with the reset token, password unchanged. */
    resetByEmailLogin(options: { token: string; sessionDurationMinutes: number }): Promise<unknown>;
    /** Whether the reset link still works and for which address; uses nothing up (rejects `invalid_reset_token` when dead). */
    resetByEmailCheck(options: { token: string }): Promise<{ email: string }>;
  };
  users: {
    search(email: string): Promise<{ userType: WidgetUserType }>;
  };
  oauth: WidgetOAuth;
  webauthn: {
    /** Resolves to an AuthenticateResult with `webauthn_registration_id`. */
    register(options?: WidgetWebAuthnRegisterOptions): Promise<unknown>;
    /**
     * Resolves to an AuthenticateResult with `webauthn_registration_id`, or null when
     * conditional mediation is not possible here. The client picks the primary or secondary
     * start path (spec §4).
     */
    authenticate(options: WidgetWebAuthnAuthenticateOptions): Promise<unknown>;
    update(options: { webauthnRegistrationId: string; name: string }): Promise<unknown>;
    browserSupportsAutofill(): Promise<boolean>;
  };
  cryptoWallets: {
    /** Resolves to the start response; `challenge` is the exact message the wallet signs. */
    authenticateStart(options: WidgetCryptoWalletStartOptions): Promise<{ challenge: string }>;
    /** Resolves to an AuthenticateResult with `crypto_wallet_id`. */
    authenticate(options: WidgetCryptoWalletAuthenticateOptions): Promise<unknown>;
  };
  /** Authenticator apps, which finish a sign-in that waits for its second factor (issue 9). */
  totps: {
    /** Sets up an authenticator app; during the sign-in only when the user has no second factor. */
    create(): Promise<WidgetTotpCreated>;
    /** Resolves to an AuthenticateResult with `totp_id`. */
    authenticate(options: { totp_code: string; session_duration_minutes: number }): Promise<unknown>;
    /** Resolves to an AuthenticateResult with `totp_id`. */
    recover(options: { recovery_code: string; session_duration_minutes: number }): Promise<unknown>;
  };
  session: {
    getSync(): WidgetSession | null;
    onChange(callback: (session: WidgetSession | null) => void): () => void;
  };
  user: {
    getSync(): WidgetUser | null;
    /** Fetches the signed-in user (`GET /users/me`). */
    get(): Promise<WidgetUser>;
    deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<unknown>;
    onChange(callback: (user: WidgetUser | null) => void): () => void;
  };
  telemetry: {
    logEvent(event: WidgetTelemetryEvent): void;
  };
  /** Set by a client that must not render sign-in forms here (spec §2, floating/blocked). */
  readonly floating?: boolean;
  readonly blocked?: boolean;
}

type Assert<T extends true> = T;

/**
 * Compile-time proof that the real client fits: if @latchkey/client changes a method the widget
 * uses, `tsc -b` fails here instead of at a host's runtime.
 */
export type RealClientFits = Assert<LatchkeyClient extends WidgetClient ? true : false>;
