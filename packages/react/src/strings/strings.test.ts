import { INVALID_PASSCODE_MESSAGE } from '@latchkey/wire/messages';
import { describe, expect, it } from 'vitest';
import { en, type StringOverrides } from './en.js';
import { enCrypto } from './en-crypto.js';
import { enMfa } from './en-mfa.js';
import { enPasskey } from './en-passkey.js';
import { enScreens } from './en-screens.js';
import { errorText } from './error-text.js';
import { interpolate } from './interpolate.js';
import { addEnglish, createTranslate, resolveStrings } from './resolve-strings.js';

describe('interpolate', () => {
  it('fills every placeholder it has a value for and leaves the others visible', () => {
    expect(interpolate('An email was sent to {email}', { email: 'ada@example.com' })).toBe(
      'An email was sent to ada@example.com',
    );
    expect(interpolate('{a} and {b} and {a}', { a: 1 })).toBe('1 and {b} and 1');
    expect(interpolate('no values {x}')).toBe('no values {x}');
  });

  it('does not read inherited properties as values', () => {
    expect(interpolate('{constructor}', {})).toBe('{constructor}');
  });
});

describe('resolveStrings', () => {
  // In this order: the later screens' table is added once, by the second test, as their file does.
  it('overrides a subset, keeps English for the rest and ignores undefined', () => {
    const strings = resolveStrings({ 'main.title': 'Anmelden', 'main.emailLabel': undefined });
    expect(strings['main.title']).toBe('Anmelden');
    expect(strings['main.emailLabel']).toBe('Email');
  });

  it('reads the later screens’ English once their code has added it, also in a table merged before, under the host’s overrides', () => {
    const early = resolveStrings({ 'otp.title': 'Code eingeben' });
    // Not in the widget bundle's table: latchkey-screens.js brings it.
    expect(en).not.toHaveProperty('emailConfirmation.text');
    addEnglish(enScreens);
    const t = createTranslate(early);
    expect(t('emailConfirmation.text', { email: 'a@b.co' })).toBe('An email was sent to a@b.co');
    expect(t('otp.title')).toBe('Code eingeben');
    expect(createTranslate(resolveStrings())('otp.title')).toBe('Enter passcode');
  });
});

describe('errorText', () => {
  const strings = resolveStrings({ 'errors.too_many_requests': 'Zu viele Versuche.' });

  it('prefers the table entry for the code, then the server message, then the generic text', () => {
    expect(errorText({ code: 'network_unreachable' }, strings)).toBe(en['errors.network_unreachable']);
    expect(errorText({ code: 'too_many_requests', message: 'Slow down.' }, strings)).toBe(
      'Zu viele Versuche.',
    );
    expect(errorText({ code: 'invalid_token', message: 'The link expired.' }, strings)).toBe(
      'The link expired.',
    );
    expect(errorText({ code: 'unknown' }, strings)).toBe('Something went wrong. Please try again.');
  });
});

describe('the English table', () => {
  it('holds the fixed texts of spec §2, §6 and §8 (with the tables that ship in chunks)', () => {
    const values = new Set<string>(
      [en, enScreens, enCrypto, enPasskey, enMfa].flatMap((table) => Object.values(table)),
    );
    for (const text of [
      'Check your email',
      'Success!',
      'You have successfully logged in.',
      'You have successfully connected your wallet.',
      'Your Passkey has been successfully authenticated.',
      'Email resent',
      'Code resent',
      'Enter passcode',
      'Your code has expired.',
      'Verifying passcode...',
      'Invalid passcode, please try again.',
      'Email me a login link',
      'Email me a login code',
      'Finish creating your account by setting a password.',
      'Log In',
      'Forgot Password?',
      'Forgot password?',
      'Create a password instead',
      'Login without a password',
      'Check your email to set a new password',
      'Check your email!',
      'Check your email to set a new password!',
      'Logging in',
      'Logging in...',
      'Reset your password',
      'Connecting to your wallet...',
      'Completing signature request...',
      'Set up a new crypto wallet',
      'Continue with other wallet',
      'Looks like there was an error!',
      '[Error] Could not connect to wallet',
      '[Error] Could not sign message',
      'Set up a new Passkey',
      'Create a Passkey',
      'Skip',
      'Passkey successfully created!',
      'Existing Passkeys',
      'Once deleted, the passkey cannot be restored.',
      'Set up another Passkey',
      'Done',
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
      'Failed to start WebAuthn registration',
      'Failed to register WebAuthn device',
      'Failed to start WebAuthn authentication',
      'Failed to authenticate WebAuthn device',
      'Failed to update WebAuthn Registration',
      'Failed to create password.',
      'Failed to authenticate password.',
      'Failed to start password reset flow.',
      'Failed to reset password.',
      'Failed to reset by session.',
      'Failed to check password strength.',
      'Error fetching bootstrap data',
      'Error searching for user/member',
      'One Tap could not load: {reason}',
    ]) {
      expect(values).toContain(text);
    }
  });

  it('keys every error text by a code', () => {
    for (const key of Object.keys(en).filter((k) => k.startsWith('errors.')))
      expect(key).toMatch(/^errors\.[a-z_]+$/);
  });

  it('types error texts by the wire’s codes: a misspelt code does not compile (tsc -b)', () => {
    const overrides: StringOverrides = {
      'errors.unable_to_auth_otp_code': 'Wrong code.',
      // @ts-expect-error no error code is spelt so
      'errors.unable_to_auth_otp_cod': 'Wrong code.',
    };
    expect(resolveStrings(overrides)['errors.unable_to_auth_otp_code']).toBe('Wrong code.');
  });

  it('words a wrong passcode as the provider does, from the one text in @latchkey/wire', () => {
    expect(en['errors.unable_to_auth_otp_code']).toBe(INVALID_PASSCODE_MESSAGE);
    expect(en['errors.otp_code_not_found']).toBe(INVALID_PASSCODE_MESSAGE);
  });
});

describe('the multi-factor table', () => {
  it('holds the texts of issue 9, and none of the widget table’s keys', () => {
    const values = new Set<string>(Object.values(enMfa));
    for (const text of [
      'Enter your verification code',
      'Enter the 6-digit code from your authenticator app.',
      'Use a recovery code',
      'Recovery code',
      'xxxx-xxxx-xxxx',
      'Text a code to {phone}',
      'Invalid code, please try again.',
    ]) {
      expect(values).toContain(text);
    }
    // Both tables reach the screen merged, so a shared key would silently shadow one text.
    for (const key of Object.keys(enMfa)) expect(Object.keys(en)).not.toContain(key);
  });

  it('words both refused codes of the wire', () => {
    expect(enMfa['errors.invalid_totp_code']).toBe('Invalid code, please try again.');
    expect(enMfa['errors.invalid_recovery_code']).toBe('Invalid code, please try again.');
  });
});
