/** @module password-input — how a typed password is normalised before it is hashed, checked or judged. */
import { ApiError } from '../../errors/api-error.js';
import { MAX_PASSWORD_CODE_POINTS } from './password-policy.js';

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export const codePointLength = (text: string): number => [...text].length;

/**
 * The form a password is hashed and compared in: Unicode NFKC (SECURITY F3, NIST 800-63B
 * §5.1.1.2), so `ｐａｓｓ` typed on a full-width keyboard and `pass` are one password, and a
 * precomposed `é` equals `e` + combining accent. Nothing else is changed (no trimming, no case
 * folding). Longer than MAX_PASSWORD_CODE_POINTS → 400 weak_password, before any hashing.
 */
export function normalisePassword(password: string): string {
  const normalised = password.normalize('NFKC');
  if (codePointLength(normalised) > MAX_PASSWORD_CODE_POINTS)
    throw new ApiError('weak_password', {
      message: `Passwords can be at most ${MAX_PASSWORD_CODE_POINTS} characters long. Choose a shorter password.`,
    });
  return normalised;
}
