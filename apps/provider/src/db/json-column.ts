/** @module json-column — the column type of jsonb columns: parsed on read, a JSON string on write. */
import type { ColumnType } from 'kysely';

/**
 * A jsonb column. Writes take `JSON.stringify(value)` because the pg driver would turn a JS
 * array into a Postgres array literal, not JSON.
 */
export type JsonColumn<T> = ColumnType<T, string, string>;

/** Serialises a value for a JsonColumn. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}
