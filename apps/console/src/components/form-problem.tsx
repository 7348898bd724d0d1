/** @module form-problem — the alert under a form that says what is wrong with it, shown only while there is something to say. */
import type { ReactNode } from 'react';

/** `problem` as the form's alert (role="alert", so it is announced when it appears); nothing while it is empty. */
export function FormProblem({ problem, id }: { problem: ReactNode; id?: string }) {
  if (!problem) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {problem}
    </p>
  );
}
