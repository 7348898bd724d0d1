/** The name a new passkey gets: authenticator, else browser and system, numbered when it repeats. */
import { describe, expect, it } from 'vitest';
import { CHROME_LINUX, GOOGLE_PASSWORD_MANAGER, SAFARI_IPHONE } from '../../../test/passkey-naming-inputs.js';
import { ZERO_AAGUID } from './authenticator-names.js';
import { FALLBACK_REGISTRATION_NAME, newRegistrationName, numberedName } from './new-registration-name.js';
import { MAX_REGISTRATION_NAME_LENGTH } from './registration-name.js';

describe('newRegistrationName', () => {
  it('names a known AAGUID after its passkey provider, whatever the browser', () => {
    expect(
      newRegistrationName({ aaguid: GOOGLE_PASSWORD_MANAGER, userAgent: SAFARI_IPHONE, taken: [] }),
    ).toBe('Google Password Manager');
  });

  it('falls back to the browser and system for zeros and for AAGUIDs the list does not know', () => {
    expect(newRegistrationName({ aaguid: ZERO_AAGUID, userAgent: SAFARI_IPHONE, taken: [] })).toBe(
      'Safari on iPhone',
    );
    const chromium = { brands: '"Chromium";v="131", "Not_A Brand";v="24"', platform: '"Linux"' };
    expect(
      newRegistrationName({
        aaguid: '01020304-0506-0708-0102-030405060708',
        userAgent: CHROME_LINUX,
        hints: chromium,
        taken: [],
      }),
    ).toBe('Chromium on Linux');
  });

  it('says "Passkey" when nothing tells more', () => {
    expect(newRegistrationName({ aaguid: ZERO_AAGUID, userAgent: 'curl/8.5.0', taken: [] })).toBe(
      FALLBACK_REGISTRATION_NAME,
    );
  });

  it('numbers a name the user already has', () => {
    const input = { aaguid: GOOGLE_PASSWORD_MANAGER, userAgent: '' };
    expect(newRegistrationName({ ...input, taken: ['Google Password Manager'] })).toBe(
      'Google Password Manager 2',
    );
    expect(
      newRegistrationName({ ...input, taken: ['Google Password Manager', 'Google Password Manager 2'] }),
    ).toBe('Google Password Manager 3');
  });
});

describe('numberedName', () => {
  it('keeps a free name and takes the first free number, reading names as a person does', () => {
    expect(numberedName('Chrome on Linux', [])).toBe('Chrome on Linux');
    expect(numberedName('Chrome on Linux', ['Work laptop', 'Chrome on Linux 2'])).toBe('Chrome on Linux');
    expect(numberedName('Chrome on Linux', [' chrome on linux ', 'Chrome on Linux 3'])).toBe(
      'Chrome on Linux 2',
    );
    expect(numberedName('Passkey', ['Passkey', 'Passkey 2', 'passkey 3'])).toBe('Passkey 4');
  });

  it('stays within the rename limit, long names and numbers included', () => {
    const long = `Allthenticator ${'x'.repeat(120)}`;
    const first = numberedName(long, []);
    expect([...first]).toHaveLength(MAX_REGISTRATION_NAME_LENGTH);
    expect(first.endsWith('…')).toBe(true);
    const second = numberedName(long, [first]);
    expect([...second]).toHaveLength(MAX_REGISTRATION_NAME_LENGTH);
    expect(second.endsWith('… 2')).toBe(true);
  });
});
