/** @module password/strength-model — what the strength indicator shows for a strength-check answer (spec §5). */
import type { WidgetPasswordStrength } from '../widget-client.js';

/** The zxcvbn meter: how many of the four segments are filled, and in which tone. */
export interface MeterModel {
  filled: 1 | 2 | 3 | 4;
  tone: 'weak' | 'strong';
}

/**
 * Spec §5: score 0–1 one red segment, 2 two red, 3 three green, 4 four green. Scores outside
 * 0..4 (a newer provider) are clamped rather than trusted.
 */
export function meterOf(score: number): MeterModel {
  const clamped = Math.min(4, Math.max(0, Math.trunc(Number.isFinite(score) ? score : 0)));
  if (clamped <= 1) return { filled: 1, tone: 'weak' };
  if (clamped === 2) return { filled: 2, tone: 'weak' };
  return { filled: clamped === 3 ? 3 : 4, tone: 'strong' };
}

/** One line of the LUDS checklist. */
export interface LudsItem {
  key: 'minLength' | 'complexity';
  /** N characters, or M kinds of character, from the project's passwordConfig. */
  count: number;
  met: boolean;
}

/** The project's LUDS rules; the defaults are the provider's (8 characters, 3 kinds). */
export interface LudsRules {
  ludsMinimumCount: number;
  ludsComplexity: number;
}

/** Spec §5 LUDS defaults, used until bootstrap says otherwise. */
export const DEFAULT_LUDS_RULES: LudsRules = { ludsMinimumCount: 8, ludsComplexity: 3 };

/**
 * The two checklist lines. With no answer yet (`result` null) nothing is met; an answer's
 * `missing_characters` and `missing_complexity` decide each line.
 */
export function ludsChecklistOf(result: WidgetPasswordStrength | null, rules: LudsRules): LudsItem[] {
  const missing = result?.feedback.luds_requirements;
  return [
    {
      key: 'minLength',
      count: rules.ludsMinimumCount,
      met: missing ? missing.missing_characters <= 0 : false,
    },
    {
      key: 'complexity',
      count: rules.ludsComplexity,
      met: missing ? missing.missing_complexity <= 0 : false,
    },
  ];
}
