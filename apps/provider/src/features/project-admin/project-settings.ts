/**
 * @module project-settings — the settings a create or PATCH body may carry, each checked by the
 * one validator the CLI uses for its flag (project-name, vertical, password policy, send limits,
 * captcha), so a mistake reads the same from both. The result is the row change to make.
 */
import { isProjectOrigin, projectHttpUrl } from '@latchkey/wire/project-urls';
import { toJson } from '../../db/json-column.js';
import { isApiError } from '../../errors/api-error.js';
import { parseCaptchaFlags } from '../captcha/captcha-flags.js';
import { parsePasswordConfigFlags } from '../projects/password-config-flags.js';
import type { Project } from '../projects/project.js';
import { checkProjectName } from '../projects/project-name.js';
import { parseVerticalFlag } from '../projects/project-vertical-flag.js';
import type { ProjectRowUpdate } from '../projects/projects.table.js';
import {
  isValidSendLimit,
  SEND_LIMIT_FIELDS,
  type SendLimits,
  sendLimitsToJson,
} from '../projects/send-limits.js';
import { validateSessionClaimsTemplate } from '../sessions/session-custom-claims.js';
import { parseSenderSettings, SENDER_SETTINGS } from './sender-settings.js';

/** A setting's problem, with the field it is about (the 400's `dataPath`). */
export interface SettingProblem {
  field: string;
  problem: string;
}

export type SettingsResult = { ok: true; changes: ProjectRowUpdate } | ({ ok: false } & SettingProblem);

/** The sign-in products a project may list (the hosted provider's names). */
export const KNOWN_PRODUCTS = [
  'emailMagicLinks',
  'otp',
  'passwords',
  'oauth',
  'webauthn',
  'crypto',
  'totp',
] as const;

/** Bounds of the lifetimes, in minutes (the hosted provider's ranges). */
const MINUTES = {
  session_default_minutes: { min: 5, max: 525_600 },
  session_max_lifetime_minutes: { min: 5, max: 525_600 },
  magic_link_expiration_minutes: { min: 5, max: 10_080 },
  otp_expiration_minutes: { min: 1, max: 10 },
} as const;

const FLAGS = {
  pkce_required_for_email_magic_links: 'pkce_required_for_email_magic_links',
  pkce_required_for_password_resets: 'pkce_required_for_password_resets',
  pkce_required_for_oauth: 'pkce_required_for_oauth',
  disable_sdk_watermark: 'disable_sdk_watermark',
  siwe_required_for_crypto_wallets: 'siwe_required_for_crypto_wallets',
  mfa_required: 'mfa_required',
} as const;

const MAX_LIST = 100;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Where a project setting is not a known one. */
const SETTINGS = new Set<string>([
  'name',
  'vertical',
  'allowed_origins',
  'allowed_redirect_urls',
  'default_login_redirect_url',
  'default_signup_redirect_url',
  'enabled_products',
  'email_domains',
  'password_config',
  'captcha',
  'send_limits',
  ...Object.keys(MINUTES),
  ...Object.keys(FLAGS),
  'session_custom_claims_template',
  ...SENDER_SETTINGS,
]);

function stringList(
  value: unknown,
  field: string,
  check: (item: string) => string | undefined,
): { ok: true; list: string[] } | ({ ok: false } & SettingProblem) {
  if (!Array.isArray(value) || value.length > MAX_LIST)
    return { ok: false, field, problem: `${field} must be a list of at most ${MAX_LIST} strings.` };
  const list: string[] = [];
  for (const [index, item] of value.entries()) {
    const problem = typeof item === 'string' ? check(item) : `${field}[${index}] must be a string.`;
    if (problem !== undefined) return { ok: false, field: `${field}[${index}]`, problem };
    if (!list.includes(item)) list.push(item);
  }
  return { ok: true, list };
}

const originProblem = (value: string) =>
  isProjectOrigin(value) ? undefined : `Bad origin ${value} (scheme://host[:port], no path).`;
const urlProblem = (value: string) =>
  projectHttpUrl(value) ? undefined : `Bad URL ${value} (an absolute http:// or https:// URL).`;

/**
 * Checks `body` (every key optional) against `current` (undefined on create) and returns the
 * row change, or the first problem. Nothing is written here.
 */
export function parseProjectSettings(
  body: Record<string, unknown>,
  current: Project | undefined,
): SettingsResult {
  const changes: ProjectRowUpdate = {};
  const fail = (field: string, problem: string): SettingsResult => ({ ok: false, field, problem });
  for (const key of Object.keys(body))
    if (!SETTINGS.has(key)) return fail(key, `Unknown project setting ${key}.`);

  if ('name' in body) {
    const checked = typeof body.name === 'string' ? checkProjectName(body.name) : undefined;
    if (!checked?.ok) return fail('name', checked?.problem ?? 'name must be a string.');
    changes.name = checked.name;
  }
  if ('vertical' in body) {
    if (body.vertical === null) changes.vertical = null;
    else {
      const checked = parseVerticalFlag(String(body.vertical), 'vertical');
      if (!checked.ok) return fail('vertical', checked.problem);
      changes.vertical = checked.vertical;
    }
  }
  for (const field of ['allowed_origins', 'allowed_redirect_urls'] as const) {
    if (!(field in body)) continue;
    const checked = stringList(body[field], field, field === 'allowed_origins' ? originProblem : urlProblem);
    if (!checked.ok) return checked;
    changes[field] = toJson(checked.list);
  }
  for (const field of ['default_login_redirect_url', 'default_signup_redirect_url'] as const) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value !== null && (typeof value !== 'string' || urlProblem(value)))
      return fail(
        field,
        typeof value === 'string' ? (urlProblem(value) as string) : `${field} must be a URL or null.`,
      );
    changes[field] = value;
  }
  if ('enabled_products' in body) {
    const known: readonly string[] = KNOWN_PRODUCTS;
    const checked = stringList(body.enabled_products, 'enabled_products', (item) =>
      known.includes(item) ? undefined : `Unknown product ${item} (${KNOWN_PRODUCTS.join(', ')}).`,
    );
    if (!checked.ok) return checked;
    changes.enabled_products = toJson(checked.list);
  }
  if ('email_domains' in body) {
    const checked = stringList(body.email_domains, 'email_domains', (item) =>
      DOMAIN.test(item) ? undefined : `Bad email domain ${item} (lowercase, e.g. example.com).`,
    );
    if (!checked.ok) return checked;
    changes.email_domains = toJson(checked.list);
  }
  if ('password_config' in body) {
    const value = body.password_config;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fail('password_config', 'password_config must be an object.');
    const given = value as Record<string, unknown>;
    for (const key of Object.keys(given))
      if (!['strength_policy', 'luds_min_length', 'luds_complexity'].includes(key))
        return fail(`password_config.${key}`, `Unknown project setting password_config.${key}.`);
    const text = (v: unknown) => (v === undefined ? undefined : String(v));
    const checked = parsePasswordConfigFlags(
      {
        policy: text(given.strength_policy),
        ludsMinLength: text(given.luds_min_length),
        ludsComplexity: text(given.luds_complexity),
      },
      {
        policy: 'password_config.strength_policy',
        ludsMinLength: 'password_config.luds_min_length',
        ludsComplexity: 'password_config.luds_complexity',
      },
    );
    // The problem names its field second ("Bad password_config.luds_min_length 0 (1..256)").
    if (!checked.ok) return fail(checked.problem.split(' ')[1] ?? 'password_config', checked.problem);
    const { strengthPolicy, ludsMinimumCount, ludsComplexity } = checked.config;
    if (strengthPolicy !== undefined) changes.password_strength_policy = strengthPolicy;
    if (ludsMinimumCount !== undefined) changes.password_luds_minimum_count = ludsMinimumCount;
    if (ludsComplexity !== undefined) changes.password_luds_complexity = ludsComplexity;
  }
  for (const [field, { min, max }] of Object.entries(MINUTES) as Array<
    [keyof typeof MINUTES, { min: number; max: number }]
  >) {
    if (!(field in body)) continue;
    const value = body[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      return fail(field, `${field} must be an integer from ${min} to ${max}.`);
    changes[field] = value;
  }
  const defaultMinutes = changes.session_default_minutes ?? current?.sessionDefaultMinutes ?? 60;
  const maxMinutes =
    changes.session_max_lifetime_minutes ?? current?.sessionMaxLifetimeMinutes ?? 30 * 24 * 60;
  if (Number(defaultMinutes) > Number(maxMinutes))
    return fail(
      'session_default_minutes',
      'session_default_minutes cannot exceed session_max_lifetime_minutes.',
    );
  for (const field of Object.keys(FLAGS) as Array<keyof typeof FLAGS>) {
    if (!(field in body)) continue;
    if (typeof body[field] !== 'boolean') return fail(field, `${field} must be true or false.`);
    changes[field] = body[field];
  }
  if ('captcha' in body) {
    const value = body.captcha;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fail('captcha', 'captcha must be an object: {"site_key": KEY or null, "min_score": 0..1}.');
    const { site_key: siteKey, min_score: minScore, ...rest } = value as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      return fail(`captcha.${unknown}`, `Unknown project setting captcha.${unknown}.`);
    const checked = parseCaptchaFlags(
      siteKey === null || siteKey === undefined ? undefined : String(siteKey),
      minScore === undefined ? undefined : String(minScore),
      { siteKey: 'captcha.site_key', minScore: 'captcha.min_score' },
    );
    if (!checked.ok)
      return fail(
        checked.problem.includes('min_score') ? 'captcha.min_score' : 'captcha.site_key',
        checked.problem,
      );
    changes.captcha_site_key = checked.settings.captchaSiteKey;
    changes.captcha_min_score = checked.settings.captchaMinScore;
  }
  if ('session_custom_claims_template' in body) {
    try {
      changes.session_custom_claims_template = toJson(
        validateSessionClaimsTemplate(body.session_custom_claims_template),
      );
    } catch (error) {
      if (!isApiError(error)) throw error;
      const dataPath = error.body?.[0]?.dataPath ?? '.session_custom_claims_template';
      return fail(dataPath.slice(1), error.message);
    }
  }
  if ('send_limits' in body) {
    const checked = sendLimitChanges(body.send_limits, current);
    if (!checked.ok) return checked;
    changes.send_limits = toJson(checked.stored);
  }
  const senderProblem = parseSenderSettings(body, changes);
  if (senderProblem) return { ok: false, ...senderProblem };
  return { ok: true, changes };
}

/**
 * `send_limits` names some limits (snake_case); each replaces the project's override, and null
 * drops it (the default applies again). Ranges are send-limits.ts's, as `--send-limit` checks them.
 */
function sendLimitChanges(
  value: unknown,
  current: Project | undefined,
): { ok: true; stored: Record<string, number> } | ({ ok: false } & SettingProblem) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, field: 'send_limits', problem: 'send_limits must be an object of limits.' };
  const fields = Object.keys(SEND_LIMIT_FIELDS) as Array<keyof SendLimits>;
  const overrides: Partial<SendLimits> = {};
  // The project's own overrides are kept: only those stored differ from the defaults' meaning.
  for (const field of fields) {
    const stored = current?.sendLimits[field];
    if (stored !== undefined) overrides[field] = stored;
  }
  for (const [key, limit] of Object.entries(value as Record<string, unknown>)) {
    const field = fields.find((name) => SEND_LIMIT_FIELDS[name].json === key);
    if (!field) return { ok: false, field: `send_limits.${key}`, problem: `Unknown send limit ${key}.` };
    if (limit === null) {
      delete overrides[field];
      continue;
    }
    if (!isValidSendLimit(field, limit)) {
      const { min, max } = SEND_LIMIT_FIELDS[field];
      return {
        ok: false,
        field: `send_limits.${key}`,
        problem: `${key} must be an integer from ${min} to ${max}`,
      };
    }
    overrides[field] = limit;
  }
  return { ok: true, stored: sendLimitsToJson(overrides) };
}
