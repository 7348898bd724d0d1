/** The AAGUID → passkey provider list, as the `aaguids` package ships it. */
import { expect, it } from 'vitest';
import { AUTHENTICATOR_NAMES, authenticatorNameOf, ZERO_AAGUID } from './authenticator-names.js';

it('names the widespread passkey providers from the community list, whatever the case of the AAGUID', () => {
  expect(authenticatorNameOf('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4')).toBe('Google Password Manager');
  expect(authenticatorNameOf('FBFC3007-154E-4ECC-8C0B-6E020557D7BD')).toBe('Apple Passwords');
  expect(authenticatorNameOf('08987058-cadc-4b81-b6e1-30de50dcbe96')).toBe('Windows Hello');
  expect(authenticatorNameOf('bada5566-a7aa-401f-bd96-45619a55120d')).toBe('1Password');
  expect(authenticatorNameOf('d548826e-79b4-db40-a3d8-11116f7e8349')).toBe('Bitwarden');
  expect(authenticatorNameOf('531126d6-e717-415c-9320-3d9aa6981239')).toBe('Dashlane');
});

it('includes the security keys the list takes from the FIDO metadata service', () => {
  expect(authenticatorNameOf('cb69481e-8ff7-4039-93ec-0a2729a154a8')).toBe('YubiKey 5 Series');
});

it('knows nothing of zeros (attestation "none"), of Chromium’s virtual authenticator, or of a made-up AAGUID', () => {
  expect(authenticatorNameOf(ZERO_AAGUID)).toBeNull();
  // device/fido/virtual_ctap2_device.cc in Chromium: what its virtual authenticator would say.
  expect(authenticatorNameOf('01020304-0506-0708-0102-030405060708')).toBeNull();
  expect(authenticatorNameOf('12345678-1234-1234-1234-123456789abc')).toBeNull();
});

it('holds a list, not the empty object the maintainers leave when the list retires', () => {
  // An upgrade to a retired (emptied) list must fail here, not silently name every passkey by browser.
  expect(AUTHENTICATOR_NAMES.size).toBeGreaterThan(100);
  for (const [aaguid, name] of AUTHENTICATOR_NAMES) {
    expect(aaguid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(name).toMatch(/^\S(.*\S)?$/);
    expect(name).not.toMatch(/\p{C}/u);
  }
});
