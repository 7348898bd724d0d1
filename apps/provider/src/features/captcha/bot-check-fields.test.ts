/** Every body that takes the bot checks' fields takes the wire's schemas of them, not a copy. */
import { botCheckProperties } from '@latchkey/wire';
import type { TObject } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as cryptoWallets from '../crypto-wallets/crypto-wallets.schemas.js';
import * as magicLinks from '../magic-links/magic-links.schemas.js';
import * as otps from '../otps/otps.schemas.js';
import * as passwords from '../passwords/passwords.schemas.js';
import * as totps from '../totps/totps.schemas.js';
import * as webauthn from '../webauthn/webauthn.schemas.js';

const GUARDED: Record<string, TObject> = {
  'otps email send': otps.EmailSendBody,
  'otps phone send': otps.PhoneSendBody,
  'otps authenticate': otps.AuthenticateBody,
  'magic links send': magicLinks.SendBody,
  'magic links authenticate': magicLinks.AuthenticateBody,
  'password login': passwords.PasswordLoginBody,
  'password reset (existing password)': passwords.ExistingPasswordResetBody,
  'password reset (session)': passwords.SessionResetBody,
  'password reset start': passwords.ResetStartBody,
  'password reset': passwords.ResetBody,
  'user search': passwords.UserSearchBody,
  'totps authenticate': totps.AuthenticateBody,
  'totps recover': totps.RecoverBody,
  'webauthn authenticate': webauthn.AuthenticateBody,
  'crypto wallets authenticate start': cryptoWallets.AuthenticateStartBody,
  'crypto wallets authenticate': cryptoWallets.AuthenticateBody,
};

describe('request-body fields from @latchkey/wire', () => {
  it.each(Object.entries(GUARDED))(
    '%s takes captcha_token and dfp_telemetry_id as the wire defines them',
    (_, body) => {
      expect(body.properties.captcha_token).toBe(botCheckProperties.captcha_token);
      expect(body.properties.dfp_telemetry_id).toBe(botCheckProperties.dfp_telemetry_id);
    },
  );
});
