/** @module hash — SHA-256 of high-entropy secrets (tokens, project secrets) and constant-time comparison. */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 as base64url. Enough for 256-bit random secrets: they cannot be guessed, so a slow
 * password hash would add cost without adding safety.
 */
export function sha256Base64url(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares two strings without leaking where they differ through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Hash both sides so unequal lengths take the same path and time.
  return (
    timingSafeEqual(
      createHash('sha256').update(left).digest(),
      createHash('sha256').update(right).digest(),
    ) && left.length === right.length
  );
}
