/** @module password-config-flags — a project's password policy and LUDS counts, checked the same for the CLI's flags and the API's fields. */
import type { Project } from './project.js';

/** How the settings are named in messages: the CLI's flags by default, the API's fields there. */
export interface PasswordConfigLabels {
  policy: string;
  ludsMinLength: string;
  ludsComplexity: string;
}

const FLAG_LABELS: PasswordConfigLabels = {
  policy: '--password-policy',
  ludsMinLength: '--luds-min-length',
  ludsComplexity: '--luds-complexity',
};

/** LUDS has four kinds of character; a minimum beyond 256 could never be typed into the widget. */
export const LUDS_MAX = { minLength: 256, complexity: 4 } as const;

/** The values given (strings as typed; undefined = not given). */
export interface PasswordConfigInput {
  policy?: string | undefined;
  ludsMinLength?: string | undefined;
  ludsComplexity?: string | undefined;
}

/** The given settings, checked; those not given are left out. */
export function parsePasswordConfigFlags(
  input: PasswordConfigInput,
  labels: PasswordConfigLabels = FLAG_LABELS,
): { ok: true; config: Partial<Project['passwordConfig']> } | { ok: false; problem: string } {
  const config: Partial<Project['passwordConfig']> = {};
  if (input.policy !== undefined) {
    if (input.policy !== 'zxcvbn' && input.policy !== 'luds')
      return { ok: false, problem: `Bad ${labels.policy} ${input.policy}` };
    config.strengthPolicy = input.policy;
  }
  const count = (value: string | undefined, label: string, max: number): number | string | undefined => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
      return `Bad ${label} ${value} (1..${max})`;
    return Number(value);
  };
  const minimum = count(input.ludsMinLength, labels.ludsMinLength, LUDS_MAX.minLength);
  if (typeof minimum === 'string') return { ok: false, problem: minimum };
  if (minimum !== undefined) config.ludsMinimumCount = minimum;
  const complexity = count(input.ludsComplexity, labels.ludsComplexity, LUDS_MAX.complexity);
  if (typeof complexity === 'string') return { ok: false, problem: complexity };
  if (complexity !== undefined) config.ludsComplexity = complexity;
  return { ok: true, config };
}
