/** @module password/strength-indicator — the zxcvbn meter or the LUDS checklist, with the warnings (spec §5). */
import type { ReactElement } from 'react';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';
import type { WidgetPasswordStrength } from '../widget-client.js';
import { DEFAULT_LUDS_RULES, ludsChecklistOf, meterOf } from './strength-model.js';

const SCORE_TEXT: readonly StringKey[] = [
  'password.strengthVeryWeak',
  'password.strengthVeryWeak',
  'password.strengthWeak',
  'password.strengthGood',
  'password.strengthStrong',
];

function Meter({ result }: { result: WidgetPasswordStrength }): ReactElement {
  const { t } = useWidget();
  const { filled, tone } = meterOf(result.score);
  const score = Math.min(4, Math.max(0, Math.trunc(result.score) || 0));
  return (
    <>
      {/* A native meter for assistive technology; the four segments are its picture. */}
      <meter
        className="lk-visually-hidden"
        min={0}
        max={4}
        value={score}
        aria-label={t('password.strengthLabel')}
        aria-valuetext={t(SCORE_TEXT[score] ?? 'password.strengthVeryWeak')}
      />
      <div
        className="lk-meter"
        part="strength-meter"
        data-filled={filled}
        data-tone={tone}
        aria-hidden="true"
      >
        {[1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className="lk-meter-segment"
            data-filled={segment <= filled ? tone : undefined}
          />
        ))}
      </div>
      {result.feedback.warning ? (
        <p className="lk-strength-warning" part="strength-warning">
          {result.feedback.warning}
        </p>
      ) : null}
    </>
  );
}

function LudsChecklist({ result }: { result: WidgetPasswordStrength }): ReactElement {
  const { t, bootstrap } = useWidget();
  const items = ludsChecklistOf(result, bootstrap.passwordConfig ?? DEFAULT_LUDS_RULES);
  return (
    <ul className="lk-checklist" part="strength-checklist">
      {items.map((item) => (
        <li key={item.key} className="lk-checklist-item" data-met={item.met || undefined}>
          <span className="lk-checklist-mark" aria-hidden="true">
            {item.met ? '✓' : '✕'}
          </span>
          <span>
            {t(item.key === 'minLength' ? 'password.minLength' : 'password.complexity', {
              count: item.count,
            })}
            <span className="lk-visually-hidden">
              {` (${t(item.met ? 'password.ruleMet' : 'password.ruleNotMet')})`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Shows what the provider said about the password, in the form its policy calls for. The block
 * is a polite live region, so a screen-reader user hears the verdict after pausing.
 */
export function StrengthIndicator({
  id,
  result,
}: {
  id: string;
  result: WidgetPasswordStrength | null;
}): ReactElement {
  const { t } = useWidget();
  const breachText =
    result?.breached_password && (result.strength_policy === 'luds' || !result.feedback.warning)
      ? t('password.breachedWarning')
      : null;
  return (
    <div id={id} className="lk-strength" aria-live="polite">
      {result === null ? null : result.strength_policy === 'luds' ? (
        <LudsChecklist result={result} />
      ) : (
        <Meter result={result} />
      )}
      {breachText ? (
        <p className="lk-strength-warning" part="strength-warning">
          {breachText}
        </p>
      ) : null}
    </div>
  );
}
