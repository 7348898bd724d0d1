/** @module field-problem — what is wrong with one field, under it, shown only while there is something to say. */

/** `problem` under its field, with the `id` the field's aria-describedby names; nothing while it is empty. */
export function FieldProblem({ id, problem }: { id: string; problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} className="field-error">
      {problem}
    </p>
  );
}

/** A field's attributes while `problem` stands: invalid, and described by the problem's element `id`. */
export function problemAttributes(
  id: string,
  problem: string | null | undefined,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return problem ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}
