/** @module test/captured-logger — a pino logger whose lines a test can read back. */
import { Writable } from 'node:stream';
import { pino } from 'pino';

/** A pino logger at `level` whose JSON lines are kept as written in `raw` and parsed in `lines`. */
export function capturedLogger(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines, raw };
}
