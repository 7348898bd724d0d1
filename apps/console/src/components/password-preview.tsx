/**
 * @module password-preview — tries a sample password against the policy being edited: the
 * provider's own strength check (zxcvbn score, breach list, character classes) through the
 * console's client, judged by the edited policy (zxcvbn: score ≥ 3; LUDS: length and classes).
 */
import type { PasswordStrengthCheckResult } from '@latchkey/client';
import { useEffect, useId, useState } from 'react';
import { useOperator } from '../auth/operator-context.js';

export interface PasswordPolicy {
  strength_policy: 'zxcvbn' | 'luds';
  luds_min_length: number;
  luds_complexity: number;
}

/** The verdict of `check` under `policy`. */
export function judgePassword(
  password: string,
  policy: PasswordPolicy,
  check: Pick<PasswordStrengthCheckResult, 'score' | 'breached_password' | 'feedback'>,
): { ok: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (check.breached_password) reasons.push('It appears in known data breaches.');
  if (policy.strength_policy === 'zxcvbn') {
    if (check.score < 3) reasons.push(`Too easy to guess (score ${check.score} of 4; 3 needed).`);
  } else {
    const luds = check.feedback.luds_requirements;
    const classes = [luds.has_lower_case, luds.has_upper_case, luds.has_digit, luds.has_symbol].filter(
      Boolean,
    ).length;
    const length = [...password].length;
    if (length < policy.luds_min_length)
      reasons.push(`${policy.luds_min_length - length} more characters needed.`);
    if (classes < policy.luds_complexity)
      reasons.push(
        `${policy.luds_complexity - classes} more kinds of character needed (lower, upper, digit, symbol).`,
      );
  }
  return { ok: reasons.length === 0, reasons };
}

export function PasswordPreview({ policy }: { policy: PasswordPolicy }) {
  const { client } = useOperator();
  const id = useId();
  const [password, setPassword] = useState('');
  const [check, setCheck] = useState<PasswordStrengthCheckResult | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (password === '') {
      setCheck(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      client.passwords.strengthCheck({ password }).then(
        (result) => {
          if (!live) return;
          setCheck(result);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, client]);
  const verdict = check ? judgePassword(password, policy, check) : null;
  return (
    <div className="field password-preview">
      <label htmlFor={`${id}-sample`}>Try a password</label>
      <input
        id={`${id}-sample`}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={password}
        aria-describedby={`${id}-verdict`}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div id={`${id}-verdict`} role="status" aria-live="polite" className="hint">
        {failed && 'The strength check could not be reached.'}
        {!failed && verdict && (
          <>
            <strong className={verdict.ok ? 'ok' : 'bad'}>{verdict.ok ? 'Accepted' : 'Refused'}</strong>
            {verdict.reasons.length > 0 && ` — ${verdict.reasons.join(' ')}`}
          </>
        )}
        {!failed && !verdict && password !== '' && 'Checking…'}
      </div>
    </div>
  );
}
