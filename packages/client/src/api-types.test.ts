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
  type OtpsAuthenticateResult,
  type OtpsEmailSendResult,
  type OtpsPhoneSendResult,
  type PasswordStrengthCheckResult,
  type PasswordsCreateResult,
  type PasswordsResetBySessionResult,
  type Session,
  type SessionTokens,
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
