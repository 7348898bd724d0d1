/**
 * @module strings/use-extra-strings — texts of a table kept out of the widget bundle (en-mfa.ts,
 * en-crypto.ts, en-passkey.ts ship in their chunks): English under the host's overrides, over the
 * widget's own table.
 */
import { useMemo } from 'react';
import { useWidget } from '../widget/widget-context.js';
import type { StringKey } from './en.js';
import { interpolate } from './interpolate.js';
import type { ResolvedStrings } from './resolve-strings.js';

/** The widget's strings with a table's, and a `t` for both. */
export interface ExtraStrings<K extends string> {
  /** For errorText: a table may hold `errors.*` texts of its own. */
  strings: ResolvedStrings & Record<K, string>;
  t(key: K | StringKey, values?: Readonly<Record<string, string | number>>): string;
}

/** The texts of `table` in the current widget (the widget's table holds the host's overrides of them too). */
export function useExtraStrings<K extends string>(table: Readonly<Record<K, string>>): ExtraStrings<K> {
  const { strings } = useWidget();
  return useMemo(() => {
    // On the widget table's prototype, so the later screens' English (resolve-strings.ts) still reads.
    const merged = Object.assign(
      Object.create(Object.getPrototypeOf(strings)),
      table,
      strings,
    ) as ResolvedStrings & Record<K, string>;
    return { strings: merged, t: (key, values) => interpolate(merged[key], values) };
  }, [table, strings]);
}
