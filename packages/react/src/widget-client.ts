/**
 * @module widget-client — the part of the @latchkey/client interface the widget uses: `Pick`s of
 * the client's own types, so a change to a method or a wire shape there shows up here at `tsc -b`.
 */
import type {
  BootstrapConfig,
  CryptoWalletsAuthenticateOptions,
  CryptoWalletsAuthenticateStartOptions,
  GoogleOneTapStartOptions,
  GoogleOneTapStartResult,
  LatchkeyClient,
  LogEventOptions,
  MagicLinksEmailOptions,
  OAuthProviderType,
  OAuthStartOptions,
  OtpsEmailSendOptions,
  OtpsSmsSendOptions,
  PasswordStrengthCheckResult,
  PasswordsAuthenticateOptions,
  PasswordsResetByEmailStartOptions,
  Session,
  TotpsCreateResult,
  User,
  WebAuthnAuthenticateOptions,
  WebAuthnRegisterOptions,
  WebAuthnRegistration,
} from '@latchkey/client';

type Client = LatchkeyClient;

/** The wire Session (`wire/objects.md`). */
export type WidgetSession = Session;
/** One of the user's passkeys (`docs/contracts.md`, Passkeys). */
export type WidgetWebAuthnRegistration = WebAuthnRegistration;
/** The wire User (`wire/objects.md`). */
export type WidgetUser = User;

/**
 * The bootstrap flags as the widget holds them (spec §3, camelCase): the client's config, where
 * `oauthProviders: null` means the provider answered without a list (use-bootstrap.ts), so every
 * configured button shows; absent: not known yet, so none shows until it is.
 */
export type WidgetBootstrap = Partial<Omit<BootstrapConfig, 'oauthProviders'>> & {
  oauthProviders?: BootstrapConfig['oauthProviders'] | null;
};

/** The strength-check answer (spec §3 password strength response). */
export type WidgetPasswordStrength = PasswordStrengthCheckResult;
/** Options of `passwords.create` / `passwords.authenticate`. */
export type WidgetPasswordSignIn = PasswordsAuthenticateOptions;
/** Options of `passwords.resetByEmailStart`. */
export type WidgetResetStartOptions = PasswordsResetByEmailStartOptions;
/** Options of `magicLinks.email.loginOrCreate`. */
export type MagicLinkLoginOrCreateOptions = MagicLinksEmailOptions;
/** Options of `otps.email.loginOrCreate`. */
export type OtpEmailLoginOrCreateOptions = OtpsEmailSendOptions;
/** Options of `otps.sms|whatsapp.loginOrCreate`. */
export type OtpPhoneLoginOrCreateOptions = OtpsSmsSendOptions;
/** Options of `webauthn.register`. */
export type WidgetWebAuthnRegisterOptions = WebAuthnRegisterOptions;
/** Options of `webauthn.authenticate`. */
export type WidgetWebAuthnAuthenticateOptions = WebAuthnAuthenticateOptions;
/** Options of `oauth.{provider}.start`. */
export type WidgetOAuthStartOptions = OAuthStartOptions;
/** Options of `oauth.googleOneTap.start`. */
export type WidgetGoogleOneTapStartOptions = GoogleOneTapStartOptions;
/** What `oauth.googleOneTap.start` resolves to (spec §3, One Tap result). */
export type WidgetGoogleOneTapResult = GoogleOneTapStartResult;
/** Options of `cryptoWallets.authenticateStart`. */
export type WidgetCryptoWalletStartOptions = CryptoWalletsAuthenticateStartOptions;
/** Options of `cryptoWallets.authenticate`. */
export type WidgetCryptoWalletAuthenticateOptions = CryptoWalletsAuthenticateOptions;
/** `totps.create`'s answer (`docs/contracts.md`, TOTP). */
export type WidgetTotpCreated = TotpsCreateResult;
/** A telemetry event as `client.telemetry.logEvent` takes it. */
export type WidgetTelemetryEvent = LogEventOptions;

/** `client.oauth` as the widget uses it: one start per provider name of the wire, and One Tap. */
export type WidgetOAuth = Pick<Client['oauth'], OAuthProviderType | 'googleOneTap'>;

/**
 * What the widget needs from a Latchkey client: the members it calls, picked from the client's
 * interface. The real client from `createLatchkeyClient` is one; tests pass a small fake.
 */
export interface WidgetClient {
  /** Wider than the client's (any part of the config, `oauthProviders: null`): the client's fits. */
  bootstrap: { getSync(): WidgetBootstrap; getAsync(): Promise<WidgetBootstrap> };
  magicLinks: { email: Pick<Client['magicLinks']['email'], 'loginOrCreate'> } & Pick<
    Client['magicLinks'],
    'authenticate'
  >;
  otps: {
    email: Pick<Client['otps']['email'], 'loginOrCreate'>;
    /** `send` texts a code to a phone of the user during a multi-factor sign-in. */
    sms: Pick<Client['otps']['sms'], 'loginOrCreate' | 'send'>;
    whatsapp: Pick<Client['otps']['whatsapp'], 'loginOrCreate'>;
  } & Pick<Client['otps'], 'authenticate'>;
  passwords: Pick<
    Client['passwords'],
    | 'create'
    | 'authenticate'
    | 'strengthCheck'
    | 'resetByEmailStart'
    | 'resetByEmail'
    | 'resetByEmailLogin'
    | 'resetByEmailCheck'
  >;
  users: Pick<Client['users'], 'search'>;
  oauth: WidgetOAuth;
  webauthn: Pick<Client['webauthn'], 'register' | 'authenticate' | 'update' | 'browserSupportsAutofill'>;
  cryptoWallets: Pick<Client['cryptoWallets'], 'authenticateStart' | 'authenticate'>;
  /** Authenticator apps, which finish a sign-in that waits for its second factor (issue 9). */
  totps: Pick<Client['totps'], 'create' | 'authenticate' | 'recover'>;
  session: Pick<Client['session'], 'getSync' | 'onChange'>;
  user: Pick<Client['user'], 'getSync' | 'get' | 'deleteWebauthnRegistration' | 'onChange'>;
  telemetry: Client['telemetry'];
  /** Set by a client that must not render sign-in forms here (spec §2, floating/blocked). */
  readonly floating?: boolean;
  readonly blocked?: boolean;
}

type Assert<T extends true> = T;

/** Compile-time proof that the real client is a WidgetClient (it is, by construction: the picks). */
export type RealClientFits = Assert<LatchkeyClient extends WidgetClient ? true : false>;
