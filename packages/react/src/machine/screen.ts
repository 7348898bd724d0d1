/** @module machine/screen — every widget screen of spec §2 as one union keyed by `name`. */
import type { OAuthProviderType } from '@latchkey/client';
import type { CryptoWalletType } from '../crypto/wallets/wallet-option.js';
import type { WidgetWebAuthnRegistration } from '../widget-client.js';

/** What a successful sign-in call returned (a wire AuthenticateResponse); passed to the host as is. */
export type AuthenticateData = unknown;

/** How the password-first flow continues for an email (spec §3 passwordState). */
export type PasswordStateType = 'new' | 'password' | 'passwordless';

/** How a one-time passcode is delivered (spec §3 otpState `type`). */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/** Spec §3 otpState: the code the user is asked for on OTPAuthenticate. */
export interface OtpState {
  type: OtpChannel;
  /** The `method_id` of the latest send; a resend replaces it. */
  methodId: string;
  /** Where the code went, as shown to the user (the email or the formatted phone number). */
  otpDestination: string;
  /** What the code was sent to (the email or the E.164 number), so a resend can repeat the call. */
  recipient: string;
  /** When the latest code expires (epoch ms, from the widget's clock). */
  expiresAt: number;
}

/** The second factors a sign-in that waits for one can finish with (the wire `mfa_required`). */
export interface MfaOptions {
  /** A verified authenticator app: its code, or a recovery code. */
  totp: boolean;
  /** A verified phone: a texted code. */
  sms: boolean;
  /** Neither: an authenticator app must be set up first (`totps.create` during the sign-in). */
  enrol: boolean;
}

/** How MFAAuthenticate asks for the second factor. */
export type MfaMode = 'totp' | 'recovery' | 'sms';

/** The authenticator app being set up during the sign-in; its first code confirms it and signs in. */
export interface TotpEnrolment {
  /** A `data:image/png;base64,…` QR code of the `otpauth://` URI. */
  qrCode: string;
  /** The base32 key, for typing into the app instead of scanning. */
  secret: string;
  recoveryCodes: readonly string[];
}

/** A tab of Main: email (magic link or email OTP) or one of the phone channels. */
export type MainTab = OtpChannel;

/**
 * Spec §3 cryptoState, the wallet picked for the sign-in under way. `attempt` names this pick: an
 * answer of a wallet pop-up the user has left (back arrow) carries an older one and is ignored.
 */
export interface CryptoAttempt {
  /** The found wallet's id (`WalletOption.id`). */
  walletOption: string;
  /** The wallet's name as the buttons show it. */
  walletLabel: string;
  walletType: CryptoWalletType;
  attempt: number;
}

/**
 * The current screen. Each member carries only the data its screen needs, so a screen
 * component receives exactly its own member.
 */
export type Screen =
  | {
      name: 'Main';
      email?: string;
      tab?: MainTab;
      phone?: string;
      /** The provider whose OAuth start is under way; its button keeps the spinner until the page leaves. */
      oauthProvider?: OAuthProviderType;
    }
  | {
      name: 'PasskeyRegistrationStart';
      /**
       * The widget opened here because the user seemed to have no passkeys; the provider is asked
       * once more, and if it lists some, the list replaces this screen (without moving focus).
       */
      opened?: true;
    }
  | {
      name: 'PasskeyRegistrationSuccess';
      /**
       * True right after a passkey was made: the screen is titled 'Passkey successfully created!'.
       * False when it is the list itself (opened on it, 'Skip', 'Done', a deletion).
       */
      created: boolean;
      /** The local list (spec §4: edits apply here at once); null until the user is fetched. */
      registrations: readonly WidgetWebAuthnRegistration[] | null;
      /** Shown as the widget opened, not after something the user did: focus stays where it is. */
      opened?: true;
    }
  | { name: 'PasskeyConfirmation'; result: AuthenticateData }
  | {
      name: 'PasswordResetForm';
      token: string | null;
      tokenType: string | null;
      /** A reset link being checked (issue 17): the form waits for the answer. */
      checking?: true;
      /** The address the live reset link is for, once the check named it. */
      email?: string;
    }
  | { name: 'PasswordCreateOrLogin'; email: string; type: PasswordStateType }
  | { name: 'PasswordForgot'; email: string }
  | { name: 'PasswordBreached'; email: string }
  | { name: 'PasswordSetNew'; email: string }
  | { name: 'PasswordDedupe'; email: string }
  | { name: 'PasswordConfirmation'; result: AuthenticateData }
  | { name: 'EmailConfirmation'; email: string; offerPassword?: boolean }
  | { name: 'OTPAuthenticate'; otpState: OtpState; offerPassword?: boolean }
  | { name: 'OTPConfirmation'; result: AuthenticateData }
  | ({ name: 'CryptoConnect' } & CryptoAttempt)
  | ({ name: 'CryptoSignMessage'; walletAddress: string; walletChallenge: string } & CryptoAttempt)
  | { name: 'CryptoOtherScreen' }
  | { name: 'CryptoSetupWallet' }
  | { name: 'CryptoError' }
  | { name: 'CryptoConfirmation'; result: AuthenticateData }
  | {
      name: 'MFAAuthenticate';
      mfa: MfaOptions;
      /** The user's verified phone (E.164), when a code may be texted to it. */
      phone?: string;
      mode: MfaMode;
      /** The `method_id` of the latest texted code; set once one was sent. */
      methodId?: string;
      /** The new authenticator app, once `totps.create` answered (`mfa.enrol` only). */
      enrolment?: TotpEnrolment;
    }
  | { name: 'MFAConfirmation'; result: AuthenticateData }
  | {
      name: 'LinkExpired';
      /** The emailed link that no longer works: a login link, or a password reset link. */
      link: ExpiredLinkKind;
      /**
       * Where a new link can go: the address a live check named, or the one this browser last sent
       * a link to; never read from the dead link. Null: the person types it.
       */
      email: string | null;
    };

/** The kinds of emailed link the widget opens itself (spec §2 reset form). */
export type ExpiredLinkKind = 'login' | 'reset';

/** The name of a screen. */
export type ScreenName = Screen['name'];

/** The screens that say a password email was sent; each offers to resend it (spec §2). */
export type PasswordEmailScreenName =
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe';

/** The union member of the screen called `N`. */
export type ScreenOf<N extends ScreenName> = Extract<Screen, { name: N }>;

// A record keyed by every name, so adding a screen without listing it here fails to compile.
const names: Record<ScreenName, true> = {
  Main: true,
  PasskeyRegistrationStart: true,
  PasskeyRegistrationSuccess: true,
  PasskeyConfirmation: true,
  PasswordResetForm: true,
  PasswordCreateOrLogin: true,
  PasswordForgot: true,
  PasswordBreached: true,
  PasswordSetNew: true,
  PasswordDedupe: true,
  PasswordConfirmation: true,
  EmailConfirmation: true,
  OTPAuthenticate: true,
  OTPConfirmation: true,
  CryptoConnect: true,
  CryptoSignMessage: true,
  CryptoOtherScreen: true,
  CryptoSetupWallet: true,
  CryptoError: true,
  CryptoConfirmation: true,
  MFAAuthenticate: true,
  MFAConfirmation: true,
  LinkExpired: true,
};

/** Every screen name, in spec §2 order, then the multi-factor step (issue 9) and a dead link (issue 17). */
// Pure: the list is for tests and checks, so a bundle that never reads it drops the record too.
export const SCREEN_NAMES: readonly ScreenName[] = /* @__PURE__ */ Object.keys(names) as ScreenName[];

/** The screens with a back arrow to Main (spec §2 and §4: email, OTP, password, crypto and MFA steps). */
export const SCREENS_WITH_BACK: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'EmailConfirmation',
  'OTPAuthenticate',
  'PasswordCreateOrLogin',
  'PasswordForgot',
  'PasswordBreached',
  'PasswordSetNew',
  'PasswordDedupe',
  'CryptoConnect',
  'CryptoSignMessage',
  'CryptoOtherScreen',
  'CryptoSetupWallet',
  'CryptoError',
  'MFAAuthenticate',
]);

/**
 * The screens whose back arrow also works while busy: a wallet pop-up may never answer, and the
 * user must not be stuck waiting for it.
 */
export const SCREENS_WITH_BACK_WHILE_BUSY: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'CryptoConnect',
  'CryptoSignMessage',
]);

/** The password email screens, for checks at run time. */
export const PASSWORD_EMAIL_SCREENS: ReadonlySet<ScreenName> = new Set<PasswordEmailScreenName>([
  'PasswordForgot',
  'PasswordBreached',
  'PasswordSetNew',
  'PasswordDedupe',
]);

/** The success screens; each tells the host the flow is complete when shown (spec §2). */
export const CONFIRMATION_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'PasswordConfirmation',
  'OTPConfirmation',
  'CryptoConfirmation',
  'PasskeyConfirmation',
  'MFAConfirmation',
]);
