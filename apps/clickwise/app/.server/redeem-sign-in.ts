/** @module redeem-sign-in — redeems a sign-in token with the provider through @latchkey/node. */
import { isLatchkeyServerError, type LatchkeyServerClient } from '@latchkey/node';
import type { SignInTokenType } from '../sign-in-return.js';

/** The Latchkey user and session a redeemed token gave. */
export interface RedeemedSignIn {
  ok: true;
  latchkeyUserId: string;
  email: string;
  latchkeySessionId: string;
  expiresAt: Date;
}

/** Why a token gave nothing, in words for the person, with the page's status. */
export interface RefusedSignIn {
  ok: false;
  status: 401 | 503;
  problem: string;
}

const REFUSED: Record<SignInTokenType, { code: string; problem: string }> = {
  magic_links: {
    code: 'unable_to_auth_magic_link',
    problem: 'This sign-in link has expired or was already used.',
  },
  oauth: {
    code: 'unable_to_auth_oauth_token',
    problem: 'This Google sign-in has expired or was already used. Please sign in again.',
  },
};

/**
 * Redeems `token` (single use) for a session of `minutes`. Login and signup land alike: the
 * caller finds or creates the local user either way.
 */
export async function redeemSignIn(
  latchkey: LatchkeyServerClient,
  type: SignInTokenType,
  token: string,
  minutes: number,
): Promise<RedeemedSignIn | RefusedSignIn> {
  const options = { session_duration_minutes: minutes };
  try {
    const redeemed =
      type === 'oauth'
        ? await latchkey.oauth.authenticate(token, options)
        : await latchkey.magicLinks.authenticate(token, options);
    return {
      ok: true,
      latchkeyUserId: redeemed.user_id,
      // A Google account without an address is possible; the local user then has none.
      email: redeemed.user.emails[0]?.email ?? '',
      latchkeySessionId: redeemed.session.session_id,
      expiresAt: new Date(redeemed.session.expires_at),
    };
  } catch (error) {
    if (isLatchkeyServerError(error) && error.code === REFUSED[type].code) {
      return { ok: false, status: 401, problem: REFUSED[type].problem };
    }
    console.error(`Clickwise: redeeming a sign-in token (${type}) failed`, error);
    return { ok: false, status: 503, problem: 'We could not reach the sign-in service. Please try again.' };
  }
}
