/** @module gates/has-verified-email — a ready-made <Protect> condition. */
import type { User } from '@latchkey/client';

/** Whether `user` has at least one verified email address; false without a user. */
export function hasVerifiedEmail(user: User | null | undefined): boolean {
  return user?.emails.some((email) => email.verified) ?? false;
}
