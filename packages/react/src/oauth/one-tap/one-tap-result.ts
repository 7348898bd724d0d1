/** @module oauth/one-tap/one-tap-result — how the widget tells its host what became of One Tap (spec §8). */
import { type EffectContext, emit } from '../../machine/effect-context.js';
import type { Translate } from '../../strings/resolve-strings.js';

/** The host event that carries the One Tap result. */
export const ONE_TAP_RESULT_EVENT = 'ONE_TAP_RESULT';

/** Logs 'One Tap could not load: {reason}' and reports `{ success: false, reason }` to the host. */
export function reportOneTapFailure(ctx: EffectContext, t: Translate, reason: string, error?: unknown): void {
  console.warn(t('fallback.oneTap', { reason }), ...(error === undefined ? [] : [error]));
  emit(ctx, ONE_TAP_RESULT_EVENT, { success: false, reason });
}
