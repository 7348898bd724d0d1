import { describe, expectTypeOf, it } from 'vitest';
import {
  type AuthenticateResult,
  type BootstrapConfig,
  type CryptoWalletsAuthenticateResult,
  type CryptoWalletsAuthenticateStartResult,
  createLatchkeyClient,
  LATCHKEY_EVENTS,
  type LatchkeyClient,
  type LatchkeyErrorCode,
  type MagicLinksSendResult,
  type MfaRequired,
  type OtpsAuthenticateResult,
  type OtpsEmailSendResult,
  type OtpsPhoneSendResult,
  type PasswordStrengthCheckResult,
  type PasswordsCreateResult,
  type PasswordsResetBySessionResult,
  type Session,
  type SessionTokens,
  type TotpsAuthenticateResult,
  type TotpsCreateResult,
  type TotpsRecoveryCodesResult,
  type User,
  type UsersSearchResult,
  type UserUpdateResult,
} from './index.js';

// Type-level checks of the public surface; `tsc -p tsconfig.tests.json` is what enforces them.
describe('public types', () => {
  it('match the contract', () => {
    expectTypeOf(createLatchkeyClient).returns.toEqualTypeOf<LatchkeyClient>();
    expectTypeOf<LatchkeyClient['session']['getSync']>().returns.toEqualTypeOf<Session | null>();
    expectTypeOf<LatchkeyClient['session']['getTokens']>().returns.toEqualTypeOf<SessionTokens | null>();
    expectTypeOf<LatchkeyClient['user']['getSync']>().returns.toEqualTypeOf<User | null>();
    expectTypeOf<LatchkeyClient['user']['update']>().returns.resolves.toEqualTypeOf<UserUpdateResult>();
    expectTypeOf<LatchkeyClient['bootstrap']['getSync']>().returns.toEqualTypeOf<BootstrapConfig>();
    expectTypeOf<
      LatchkeyClient['magicLinks']['authenticate']
    >().returns.resolves.toEqualTypeOf<AuthenticateResult>();
    expectTypeOf<
      LatchkeyClient['magicLinks']['email']['send']
    >().returns.resolves.toEqualTypeOf<MagicLinksSendResult>();
    expectTypeOf<LatchkeyClient['session']['onChange']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<
      LatchkeyClient['otps']['email']['loginOrCreate']
    >().returns.resolves.toEqualTypeOf<OtpsEmailSendResult>();
    expectTypeOf<
      LatchkeyClient['otps']['sms']['send']
    >().returns.resolves.toEqualTypeOf<OtpsPhoneSendResult>();
    expectTypeOf<
      LatchkeyClient['otps']['whatsapp']['loginOrCreate']
    >().returns.resolves.toEqualTypeOf<OtpsPhoneSendResult>();
    expectTypeOf<
      LatchkeyClient['otps']['authenticate']
    >().returns.resolves.toEqualTypeOf<OtpsAuthenticateResult>();
    expectTypeOf<OtpsAuthenticateResult>().toExtend<AuthenticateResult>();
    expectTypeOf<OtpsEmailSendResult['method_id']>().toEqualTypeOf<string>();
    expectTypeOf<
      LatchkeyClient['passwords']['create']
    >().returns.resolves.toEqualTypeOf<PasswordsCreateResult>();
    expectTypeOf<
      LatchkeyClient['passwords']['authenticate']
    >().returns.resolves.toEqualTypeOf<AuthenticateResult>();
    expectTypeOf<
      LatchkeyClient['passwords']['strengthCheck']
    >().returns.resolves.toEqualTypeOf<PasswordStrengthCheckResult>();
    expectTypeOf<
      LatchkeyClient['passwords']['resetBySession']
    >().returns.resolves.toEqualTypeOf<PasswordsResetBySessionResult>();
    expectTypeOf<PasswordsResetBySessionResult['__user']>().toEqualTypeOf<User | undefined>();
    expectTypeOf<LatchkeyClient['users']['search']>().returns.resolves.toEqualTypeOf<UsersSearchResult>();
    expectTypeOf<UsersSearchResult['userType']>().toEqualTypeOf<'new' | 'password' | 'passwordless'>();
    expectTypeOf<
      LatchkeyClient['cryptoWallets']['authenticateStart']
    >().returns.resolves.toEqualTypeOf<CryptoWalletsAuthenticateStartResult>();
    expectTypeOf<CryptoWalletsAuthenticateStartResult['challenge']>().toEqualTypeOf<string>();
    expectTypeOf<
      LatchkeyClient['cryptoWallets']['authenticate']
    >().returns.resolves.toEqualTypeOf<CryptoWalletsAuthenticateResult>();
    expectTypeOf<CryptoWalletsAuthenticateResult>().toExtend<AuthenticateResult>();
    expectTypeOf<CryptoWalletsAuthenticateResult['crypto_wallet_id']>().toEqualTypeOf<string>();
    expectTypeOf<LatchkeyClient['totps']['create']>().returns.resolves.toEqualTypeOf<TotpsCreateResult>();
    expectTypeOf<
      LatchkeyClient['totps']['authenticate']
    >().returns.resolves.toEqualTypeOf<TotpsAuthenticateResult>();
    expectTypeOf<
      LatchkeyClient['totps']['recoveryCodes']
    >().returns.resolves.toEqualTypeOf<TotpsRecoveryCodesResult>();
    expectTypeOf<
      LatchkeyClient['totps']['recover']
    >().returns.resolves.toEqualTypeOf<TotpsAuthenticateResult>();
    expectTypeOf<TotpsAuthenticateResult>().toExtend<AuthenticateResult>();
    expectTypeOf<TotpsCreateResult['recovery_codes']>().toEqualTypeOf<string[]>();
    expectTypeOf<LatchkeyClient['user']['deleteTOTP']>().parameters.toEqualTypeOf<[string]>();
    expectTypeOf<LatchkeyClient['session']['getIntermediateSessionToken']>().returns.toEqualTypeOf<
      string | null
    >();
    // A primary sign-in of an MFA project has no session yet (docs/contracts.md, multi-factor).
    expectTypeOf<AuthenticateResult['session']>().toEqualTypeOf<Session | null>();
    expectTypeOf<AuthenticateResult['mfa_required']>().toEqualTypeOf<MfaRequired | undefined>();
  });

  it('keep error codes open but known', () => {
    expectTypeOf<'session_not_found'>().toExtend<LatchkeyErrorCode>();
    expectTypeOf<'some_future_error'>().toExtend<LatchkeyErrorCode>();
  });

  it('type event payloads by name and reject unknown names and missing arguments', () => {
    const check = (client: LatchkeyClient) => {
      client.on(LATCHKEY_EVENTS.sessionCreated, (detail) => {
        expectTypeOf(detail.session).toEqualTypeOf<Session>();
      });
      // @ts-expect-error unknown event name
      client.on('latchkey:nope', () => {});
      // @ts-expect-error sessionDurationMinutes is required
      void client.magicLinks.authenticate('token', {});
      // @ts-expect-error sessionDurationMinutes is required
      void client.otps.authenticate('123456', 'email-test-1', {});
      // @ts-expect-error WhatsApp takes no SMS autofill option
      void client.otps.whatsapp.send('+12015550123', { enableAutofill: true });
    };
    expectTypeOf(check).toBeFunction();
  });
});
