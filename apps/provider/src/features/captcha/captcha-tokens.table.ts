/** @module captcha-tokens.table — the captcha tokens already presented, so each works once (SECURITY A7). */

/** Columns of `captcha_tokens`: only the SHA-256 of a token, until it could no longer matter. */
export interface CaptchaTokensTable {
  token_hash: string;
  expires_at: Date;
}
