/** @module password-strength — judging a password by the project's policy: zxcvbn score or LUDS counts, plus the common-password list. */
import type { PasswordStrengthCheckResult } from '@latchkey/wire';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { BreachedPasswords } from './breached-passwords.js';
import { isCommonPassword } from './common-passwords.js';
import { passwordDictionaries } from './password-dictionaries.js';
import { codePointLength } from './password-input.js';
import { MIN_ZXCVBN_SCORE } from './password-policy.js';

/**
 * zxcvbn looks at this many leading code points only: its matching grows faster than linearly
 * (100 l33t-ish characters take ~0.2 s), and a prefix this long that is weak is weak anyway.
 */
const ZXCVBN_MAX_CODE_POINTS = 64;

/** wire/endpoints.md "Passwords": the strength check response without request_id/status_code. */
export type PasswordStrength = Omit<PasswordStrengthCheckResult, 'request_id' | 'status_code'>;

let zxcvbn: Promise<ZxcvbnFactory> | undefined;
const estimator = () =>
  (zxcvbn ??= passwordDictionaries().then(
    ({ commonDictionary, englishDictionary, adjacencyGraphs, translations }) =>
      new ZxcvbnFactory({
        dictionary: { ...commonDictionary, ...englishDictionary },
        graphs: adjacencyGraphs,
        translations,
      }),
  ));

/** The LUDS classes present and what the project's counts still miss. */
function ludsOf(password: string, config: Project['passwordConfig']) {
  const classes = {
    has_lower_case: /\p{Ll}/u.test(password),
    has_upper_case: /\p{Lu}/u.test(password),
    has_digit: /\p{Nd}/u.test(password),
    has_symbol: /[^\p{L}\p{N}]/u.test(password),
  };
  const present = Object.values(classes).filter(Boolean).length;
  return {
    ...classes,
    missing_characters: Math.max(0, config.ludsMinimumCount - codePointLength(password)),
    missing_complexity: Math.max(0, config.ludsComplexity - present),
  };
}

/**
 * Judges a normalised password. `email` (when known) counts as a guessable input: a password
 * built from the address scores lower. `breached` is what the breach check found (by default
 * the bundled common-password list alone).
 */
export async function judgePassword(
  project: Project,
  password: string,
  email?: string,
  breached?: boolean,
): Promise<PasswordStrength> {
  const config = project.passwordConfig;
  const luds = ludsOf(password, config);
  const inputs = email ? [email, email.split('@')[0] ?? ''] : [];
  const isBreached = breached ?? (await isCommonPassword(password));
  const result = (await estimator()).check([...password].slice(0, ZXCVBN_MAX_CODE_POINTS).join(''), inputs);
  const strong =
    config.strengthPolicy === 'luds'
      ? luds.missing_characters === 0 && luds.missing_complexity === 0
      : result.score >= MIN_ZXCVBN_SCORE;
  const warning = isBreached
    ? 'This password may have been used on a different site that experienced a security issue. Please choose another password.'
    : (result.feedback.warning ?? '');
  return {
    valid_password: strong && !isBreached,
    score: result.score,
    breached_password: isBreached,
    breach_detection_on_create: true,
    strength_policy: config.strengthPolicy,
    feedback: {
      suggestions: config.strengthPolicy === 'zxcvbn' ? result.feedback.suggestions : [],
      warning: config.strengthPolicy === 'zxcvbn' || isBreached ? warning : '',
      luds_requirements: luds,
    },
  };
}

/** The message of 400 weak_password: what to change, in the policy's terms. */
export function weakPasswordMessage(strength: PasswordStrength, project: Project): string {
  if (strength.breached_password)
    return 'This password is on a list of common or breached passwords. Choose a different password.';
  if (strength.strength_policy === 'luds') {
    const { ludsMinimumCount, ludsComplexity } = project.passwordConfig;
    return `The password must be at least ${ludsMinimumCount} characters long and contain ${ludsComplexity} of: an uppercase letter, a lowercase letter, a number, a symbol.`;
  }
  const hint = [strength.feedback.warning, ...strength.feedback.suggestions].filter(Boolean).join(' ');
  return `The password is too easy to guess.${hint ? ` ${hint}` : ''} Try a longer passphrase of several uncommon words.`;
}

/** Judges a normalised password with the full breach check (the bundled list and the range API). */
export async function assessPassword(
  breached: BreachedPasswords,
  project: Project,
  password: string,
  email?: string,
): Promise<PasswordStrength> {
  return judgePassword(project, password, email, await breached.isBreached(password));
}

/** A new password must pass: 400 weak_password saying what to change, before any hashing. */
export async function requireStrongPassword(
  breached: BreachedPasswords,
  project: Project,
  password: string,
  email?: string,
): Promise<void> {
  const strength = await assessPassword(breached, project, password, email);
  if (!strength.valid_password)
    throw new ApiError('weak_password', { message: weakPasswordMessage(strength, project) });
}
