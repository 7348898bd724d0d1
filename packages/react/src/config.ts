/** @module config — the widget configuration a host passes to mountLogin or <SignIn>, with its defaults. */
import type { MagicLinkLoginOrCreateOptions } from './widget-client.js';

/** The sign-in methods a host can enable (spec §1). */
export type Product = 'emailMagicLinks' | 'otp' | 'passwords' | 'passkeys' | 'oauth' | 'crypto';

/** Magic-link options (spec §3, `wire/ui-widget.md`). */
export interface EmailMagicLinksOptions {
  loginRedirectURL?: string;
  signupRedirectURL?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  createUserAsPending?: boolean;
  locale?: string;
}

/** One-time passcode options (spec §3 otpOptions, `wire/ui-widget.md`). */
export interface OtpOptions {
  /** The channels to offer; phone channels get a tab each, before the email tab. */
  methods: ('sms' | 'whatsapp' | 'email')[];
  /** How long a code lasts (1..10); the widget asks for 5 minutes unless set. */
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** One OAuth provider button; `one_tap` asks for a Google One Tap prompt area. */
export interface OAuthProviderConfig {
  type: string;
  one_tap?: boolean;
  position?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** Everything the widget accepts as `config`. */
export interface WidgetConfig {
  products?: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  otpOptions?: OtpOptions;
  passwordOptions?: {
    loginRedirectURL?: string;
    loginExpirationMinutes?: number;
    resetPasswordRedirectURL?: string;
    resetPasswordExpirationMinutes?: number;
    resetPasswordTemplateId?: string;
  };
  oauthOptions?: { loginRedirectURL?: string; signupRedirectURL?: string; providers: OAuthProviderConfig[] };
  sessionOptions?: { sessionDurationMinutes: number };
  /** Render inside an open shadow root (mount functions only). */
  enableShadowDOM?: boolean;
  /** Show the floating notice instead of the form (spec §2). */
  floating?: boolean;
  /** `false` hides the "Powered by Latchkey" footer. */
  displayWatermark?: boolean;
}

/** A widget event for the host: `type` names the call, `data` is its response. */
export interface WidgetEvent {
  type: string;
  data: unknown;
}

/** Host callbacks; both are optional and a throwing callback never breaks the widget. */
export interface WidgetCallbacks {
  onEvent?(event: WidgetEvent): void;
  onError?(error: unknown): void;
}

/** Spec §9: magic-link login and signup links last 30 minutes unless configured. */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;
/** `wire/ui-widget.md`: every widget sign-in asks for a 30-minute session unless configured. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;

/** The products to show; spec §1 makes email magic links the default. */
export function productsOf(config: WidgetConfig): Product[] {
  return config.products && config.products.length > 0 ? config.products : ['emailMagicLinks'];
}

/** The session length every sign-in of the widget asks for. */
export function sessionDurationOf(config: WidgetConfig): number {
  return config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
}

/** Maps `emailMagicLinksOptions` to the client's loginOrCreate options, leaving out unset keys. */
export function magicLinkOptionsOf(config: WidgetConfig): MagicLinkLoginOrCreateOptions {
  const o = config.emailMagicLinksOptions ?? {};
  const options: MagicLinkLoginOrCreateOptions = {
    loginExpirationMinutes: o.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signupExpirationMinutes: o.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  };
  if (o.loginRedirectURL !== undefined) options.loginMagicLinkURL = o.loginRedirectURL;
  if (o.signupRedirectURL !== undefined) options.signupMagicLinkURL = o.signupRedirectURL;
  if (o.createUserAsPending !== undefined) options.createUserAsPending = o.createUserAsPending;
  if (o.loginTemplateId !== undefined) options.loginTemplateId = o.loginTemplateId;
  if (o.signupTemplateId !== undefined) options.signupTemplateId = o.signupTemplateId;
  if (o.locale !== undefined) options.locale = o.locale;
  return options;
}

/** True when an OAuth provider asks for Google One Tap, so a prompt placeholder is needed. */
export function hasOneTap(config: WidgetConfig): boolean {
  return (
    productsOf(config).includes('oauth') && (config.oauthOptions?.providers ?? []).some((p) => p.one_tap)
  );
}

/** `wire/ui-widget.md`: magic links and email OTP cannot both run the email tab. */
export function hasConflictingEmailProducts(config: WidgetConfig): boolean {
  const products = productsOf(config);
  return (
    products.includes('emailMagicLinks') &&
    products.includes('otp') &&
    (config.otpOptions?.methods ?? []).includes('email')
  );
}
