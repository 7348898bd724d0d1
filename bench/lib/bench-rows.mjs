/**
 * The contract between every bench script and bench/run.mjs: a script prints its human figures
 * and, as its LAST stdout line, `BENCH_ROWS ` + a JSON array of rows
 * `{ measure, latchkey, unit, reference?, referenceValue?, ratio?, goal?, met? }`, where the
 * reference is the peer or ceiling measured in the same run. The runner builds one table from them.
 */

import { pathToFileURL } from 'node:url';

export const benchRowsPrefix = 'BENCH_ROWS ';

/** Prints the rows as the script's last stdout line. */
export function printBenchRows(rows) {
  process.stdout.write(`${benchRowsPrefix}${JSON.stringify(rows)}\n`);
}

/** The rows of the last `BENCH_ROWS` line in a script's output, or null when there is none or it is not valid. */
export function parseBenchRows(output) {
  const lines = output.split('\n').filter((line) => line.startsWith(benchRowsPrefix));
  const last = lines.at(-1);
  if (last === undefined) return null;
  try {
    const rows = JSON.parse(last.slice(benchRowsPrefix.length));
    if (!Array.isArray(rows)) return null;
    return rows.filter((row) => row && typeof row.measure === 'string');
  } catch {
    return null;
  }
}

/** Three significant digits below 100, whole numbers with thin separators above: `0.0512`, `38 700`. */
export function formatNumber(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
  return String(Number(value.toPrecision(3)));
}

/** A ratio with three significant digits, e.g. `0.00512×` or `144×`. */
export function formatRatio(ratio) {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return '—';
  return `${Number(ratio.toPrecision(3))}×`;
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Reads a numeric env setting; rejects nonsense rather than measuring something else. */
export function numberFromEnv(name, fallback, { allowZero = false, integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    (!allowZero && value === 0) ||
    (integer && !Number.isInteger(value))
  )
    throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number`);
  return value;
}

/**
 * Runs a bench's `main` when its file is the script node was started with (not when run.mjs or a
 * test imports it); a failure prints `<name> could not run: …` and sets exit code 1.
 */
export async function runWhenMain(moduleUrl, name, main) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  try {
    await main();
  } catch (error) {
    console.error(`${name} could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
