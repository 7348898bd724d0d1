/**
 * A V8 CPU profile of this process through `node:inspector`, for the benches whose processes
 * cannot take `--cpu-prof`: NODE_OPTIONS refuses it, and a child that is SIGKILLed never writes
 * the profile the flag would have written at exit. Open the file in Chrome DevTools
 * (Performance → Load profile) or summarise it with `node bench/lib/cpu-profile.mjs <file>`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starts profiling now; `stop()` writes the profile to `file` (its directory is created). */
export async function startCpuProfile(file) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * The self time of each function in a profile, heaviest first, as shares of all samples:
 * `[{ name, url, line, share }]`. Functions are told apart by name, file and line.
 */
export function selfTimeByFunction(profile) {
  const counts = new Map();
  const ids = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = ids.get(id).callFrame;
    const key = `${functionName || '(anonymous)'}\t${url}\t${lineNumber + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts]
    .map(([key, count]) => {
      const [name, url, line] = key.split('\t');
      return { name, url, line: Number(line), share: count / total };
    })
    .sort((a, b) => b.share - a.share);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top = '30'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/lib/cpu-profile.mjs <file.cpuprofile> [how many rows]');
    process.exit(1);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`${profile.samples.length} samples`);
  for (const row of selfTimeByFunction(profile).slice(0, Number(top))) {
    const where = row.url ? `${row.url.replace(/^.*\/node_modules\//, '')}:${row.line}` : '';
    console.log(`${(row.share * 100).toFixed(1).padStart(5)} %  ${row.name}  ${where}`);
  }
}
