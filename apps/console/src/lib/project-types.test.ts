// The projects list names a project's sign-in products as the settings page does, not by their API keys.
import { describe, expect, it } from 'vitest';
import { productNames } from './project-types.js';

describe('productNames', () => {
  it('names each product, in the order given', () => {
    expect(productNames(['passwords', 'webauthn', 'totp'])).toBe('Passwords, Passkeys, Authenticator apps');
    expect(productNames(['emailMagicLinks'])).toBe('Email magic links');
  });

  it('keeps a product it does not know as it came, and says nothing for none', () => {
    expect(productNames(['somethingNew', 'otp'])).toBe('somethingNew, One-time passcodes');
    expect(productNames([])).toBe('');
  });
});
