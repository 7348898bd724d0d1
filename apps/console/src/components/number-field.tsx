/** @module number-field — a number input checked against its bounds as typed; the text stays as typed while it is out of range. */
import { useEffect, useState } from 'react';
import { FieldProblem, problemAttributes } from './field-problem.js';

export function NumberField(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange(value: number): void;
  problem?: string | undefined;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  const number = Number(text);
  const local =
    text.trim() === '' || Number.isNaN(number) || number < props.min || number > props.max
      ? `From ${props.min} to ${props.max}.`
      : undefined;
  const problem = local ?? props.problem;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={text}
        {...problemAttributes(`${props.id}-error`, problem)}
        // Out of its range as typed: the form sends nothing while a field says so (its Save).
        data-unfinished={local ? '' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const v = Number(e.target.value);
          if (e.target.value.trim() !== '' && !Number.isNaN(v)) props.onChange(v);
        }}
      />
      <FieldProblem id={`${props.id}-error`} problem={problem} />
    </div>
  );
}
