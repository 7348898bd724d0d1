/**
 * @module claims-template-field — the project's session custom claims template as JSON: checked as
 * it is typed (a JSON object, at most 4 096 bytes); the provider's own refusal (a reserved claim
 * such as `sub`) is shown beside it. What was typed is never replaced while it does not parse.
 */
import { useState } from 'react';
import { FieldProblem } from './field-problem.js';

const MAX_BYTES = 4096;

/** What is wrong with `text` as a template, or the object it holds. */
export function parseClaimsTemplate(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    return { ok: false, problem: 'Not valid JSON: check the quotes, commas and braces.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'The template is a JSON object, such as {"plan": "pro"}.' };
  if (new TextEncoder().encode(JSON.stringify(value)).length > MAX_BYTES)
    return { ok: false, problem: `At most ${MAX_BYTES} bytes of JSON.` };
  return { ok: true, value: value as Record<string, unknown> };
}

export function ClaimsTemplateField(props: {
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown> | undefined): void;
  problem?: string | undefined;
}) {
  const [text, setText] = useState(() => JSON.stringify(props.value, null, 2));
  const parsed = parseClaimsTemplate(text);
  const problem = parsed.ok ? props.problem : parsed.problem;
  return (
    <div className="field">
      <label htmlFor="claims-template">Custom claims on every session JWT (JSON)</label>
      <p id="claims-template-hint" className="hint">
        Each session's own custom claims are added on top. Reserved claims (sub, exp, iss…) are refused.
      </p>
      <textarea
        id="claims-template"
        className="mono"
        rows={6}
        spellCheck={false}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'claims-template-hint claims-template-error' : 'claims-template-hint'}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseClaimsTemplate(e.target.value);
          props.onChange(next.ok ? next.value : undefined);
        }}
      />
      <FieldProblem id="claims-template-error" problem={problem} />
    </div>
  );
}
