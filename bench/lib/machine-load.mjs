/**
 * The machine's other load at one moment, for the start and the end of a bench run: the load
 * averages and the cores other processes used over a short window. Figures from a busy machine
 * are only comparable as ratios, and only this record says how busy it was.
 */
import { availableParallelism, loadavg } from 'node:os';
import { formatCpu, startForeignCpuMeter } from './foreign-cpu.mjs';

/** Samples foreign CPU over `seconds` (default 3) while the bench itself is idle. */
export async function sampleMachineLoad(seconds = 3) {
  const stop = startForeignCpuMeter();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const noise = stop();
  return { at: new Date().toISOString(), loadavg: loadavg(), cores: availableParallelism(), noise, seconds };
}

export function formatMachineLoad({ at, loadavg: [one, five, fifteen], cores, noise, seconds }) {
  return `${at}: load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)} on ${cores} cores; foreign CPU over ${seconds} s ${formatCpu(noise)}`;
}

/** `load average 1.20 0.80 0.50 on 2 cores`: the cheap record a single bench prints at its start and end. */
export function formatLoadAverage() {
  const [one, five, fifteen] = loadavg();
  return `load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)} on ${availableParallelism()} cores`;
}
