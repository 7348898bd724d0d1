/**
 * Noise meter for a shared machine (after ../shared/anchors/lib/cpu.mjs): how many CPU cores
 * processes OUTSIDE the bench used during a window. On a busy box that is what makes a round's
 * figures worthless, so every round prints it next to its figures.
 *
 * foreign = (Δ busy ticks of the whole machine − Δ ticks of our trees) / Δ wall ticks, where our
 * trees are this process and its descendants (reaped children count through cutime/cstime) plus
 * any extra roots — a PostgreSQL cluster started with pg_ctl is re-parented away from the bench,
 * so its postmaster pid must be passed in or its work would count as foreign.
 */
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ on Linux

function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)"; comm itself may contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) };
  } catch {
    return null;
  }
}

function treeTicks(roots) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const children = new Map();
  for (const [pid, { ppid }] of stats) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let sum = 0;
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop();
    if (seen.has(pid)) continue;
    seen.add(pid);
    const stat = stats.get(pid);
    if (!stat) continue;
    sum += stat.ticks;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

function machineBusyTicks() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const idle = fields[3] + fields[4]; // idle + iowait
  return fields.reduce((sum, f) => sum + f, 0) - idle;
}

/** Whether this machine exposes /proc (Linux); elsewhere the meter reports nothing. */
export const canMeterCpu = (() => {
  try {
    readFileSync('/proc/stat');
    return true;
  } catch {
    return false;
  }
})();

/**
 * Starts a window; the returned function ends it.
 * @param {number[]} extraRoots pids whose trees count as ours besides this process's
 * @returns {() => { foreignCores: number, ownCores: number } | null}
 */
export function startForeignCpuMeter(extraRoots = []) {
  if (!canMeterCpu) return () => null;
  const roots = [process.pid, ...extraRoots];
  const started = performance.now();
  const busy0 = machineBusyTicks();
  const own0 = treeTicks(roots);
  return () => {
    const wallTicks = ((performance.now() - started) / 1000) * ticksPerSecond;
    const busy = machineBusyTicks() - busy0;
    const own = treeTicks(roots) - own0;
    return { foreignCores: Math.max(0, (busy - own) / wallTicks), ownCores: own / wallTicks };
  };
}

/** `0.42 cores (ours 1.71)`, or `n/a` where /proc is missing. */
export function formatCpu(noise) {
  if (!noise) return 'n/a';
  return `${noise.foreignCores.toFixed(2)} cores (ours ${noise.ownCores.toFixed(2)})`;
}

/** Rounds with more foreign CPU than this are contaminated (anchors README: ≳ 0.3 cores). */
export const contaminatedAboveCores = 0.3;
