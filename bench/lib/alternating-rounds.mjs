/**
 * Measures several targets in one run, alternating: one warm-up per target, then R rounds in
 * which every target gets the same load for the same time, the order reversed every other round.
 * Drift in the machine's other load then hits every target alike, and each round prints the
 * foreign CPU it saw so contaminated rounds show. Figures are medians over the rounds.
 */
import { formatNumber, median } from './bench-rows.mjs';
import { contaminatedAboveCores, formatCpu, startForeignCpuMeter } from './foreign-cpu.mjs';
import { runLoad } from './load.mjs';

/**
 * @param {{ name: string, request: { url: string, method?: string, headers?: Record<string, string>, body?: string } }[]} targets
 * @param {{ rounds: number, seconds: number, warmupSeconds: number, connections: number, ownPids?: number[], log?: (line: string) => void }} options
 * @returns {Promise<Map<string, { rounds: object[], requestsPerSecond: number, p50Ms: number, p99Ms: number, non2xx: number, errors: number, statusCodes: Record<string, number>, contaminatedRounds: number }>>}
 */
export async function runAlternatingRounds(
  targets,
  { rounds, seconds, warmupSeconds, connections, ownPids = [], log = console.log },
) {
  if (warmupSeconds > 0) {
    log(`warm-up: ${warmupSeconds} s per target`);
    for (const target of targets) await runLoad({ ...target.request, seconds: warmupSeconds, connections });
  }
  const perTarget = new Map(targets.map((target) => [target.name, []]));
  const width = Math.max(...targets.map((target) => target.name.length));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    for (const target of order) {
      const stopMeter = startForeignCpuMeter(ownPids);
      const figures = await runLoad({ ...target.request, seconds, connections });
      const noise = stopMeter();
      perTarget.get(target.name).push({ ...figures, noise });
      const flag = noise && noise.foreignCores > contaminatedAboveCores ? '  ← contaminated' : '';
      log(
        `round ${round + 1}/${rounds} ${target.name.padEnd(width)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50Ms).padStart(5)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms  non-2xx ${figures.non2xx}  foreign CPU ${formatCpu(noise)}${flag}`,
      );
    }
  }
  const summary = new Map();
  for (const [name, results] of perTarget) {
    const statusCodes = {};
    for (const result of results)
      for (const [code, count] of Object.entries(result.statusCodes))
        statusCodes[code] = (statusCodes[code] ?? 0) + count;
    summary.set(name, {
      rounds: results,
      requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      statusCodes,
      contaminatedRounds: results.filter((r) => r.noise && r.noise.foreignCores > contaminatedAboveCores)
        .length,
    });
  }
  return summary;
}

/**
 * Prints what {@link runAlternatingRounds} measured as a small table: per target the median
 * throughput, p50 and p99, the failures, and how many rounds the machine's other load contaminated.
 * @param {Awaited<ReturnType<typeof runAlternatingRounds>>} results
 * @param {number} rounds
 * @param {(line: string) => void} [log]
 */
export function printRoundMedians(results, rounds, log = console.log) {
  const width = Math.max(...[...results.keys()].map((name) => name.length));
  log('');
  log(`medians of ${rounds} rounds`);
  for (const [name, f] of results) {
    const contaminated = f.contaminatedRounds
      ? `   contaminated rounds ${f.contaminatedRounds}/${f.rounds.length}`
      : '';
    log(
      `${name.padEnd(width)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${formatNumber(f.p50Ms).padStart(5)} ms   p99 ${formatNumber(f.p99Ms).padStart(5)} ms   non-2xx ${f.non2xx}   errors ${f.errors}${contaminated}`,
    );
    if (f.non2xx > 0) log(`  statuses: ${JSON.stringify(f.statusCodes)}`);
  }
}
