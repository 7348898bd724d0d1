/**
 * The seams between feature folders (issue 19 "One home per concept"): read from the source, so a
 * new import across a seam fails here with the file that made it, not in a review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(featuresDir, '..');

/** Every non-test TypeScript source under `dir`, as paths relative to src/. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => relative(srcDir, join(dir, file)));
}

const featureOf = (path: string): string | undefined => /^features\/([^/]+)\//.exec(path)?.[1];

/** Each relative import of a feature source that lands in another feature: [from file, to file]. */
function crossFeatureImports(): [string, string][] {
  const found: [string, string][] = [];
  for (const file of sourcesUnder(featuresDir)) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const [, specifier] of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(srcDir, resolve(srcDir, dirname(file), specifier as string));
      const to = featureOf(target);
      if (to !== undefined && to !== featureOf(file)) found.push([file, target]);
    }
  }
  return found;
}

describe('feature folders', () => {
  it("import no other feature's repository: each owner offers a small named interface instead", () => {
    const intoRepositories = crossFeatureImports()
      .filter(([, target]) => /\.repository\.js$/.test(target))
      .map(([file, target]) => `${file} -> ${target}`);
    expect(intoRepositories).toEqual([]);
  });

  it('never import each other both ways', () => {
    const pairs = new Set(
      crossFeatureImports().map(([file, target]) => `${featureOf(file)} -> ${featureOf(target)}`),
    );
    const twoWay = [...pairs].filter((pair) => {
      const [from, to] = pair.split(' -> ');
      return pairs.has(`${to} -> ${from}`);
    });
    expect(twoWay).toEqual([]);
  });
});

describe('limits and lifetimes', () => {
  // Attempt caps, lock caps, lifetimes and their kin; sizes of formats and network timeouts are
  // not policy and stay beside the code they shape.
  const policyName =
    /^(?:export )?const (MAX_\w*(?:FAILURES|ATTEMPTS|REGISTRATIONS|CHALLENGES)\w*|\w+_CAP|\w+_LIFETIME_\w+|\w+_MINUTES|\w+_ATTEMPTS_PER_\w+)\b/gm;

  it("sit in each feature's policy module", () => {
    const elsewhere = sourcesUnder(featuresDir)
      .filter((file) => !file.endsWith('-policy.ts'))
      .flatMap((file) =>
        [...readFileSync(join(srcDir, file), 'utf8').matchAll(policyName)].map(
          ([, name]) => `${file}: ${name}`,
        ),
      );
    expect(elsewhere).toEqual([]);
  });
});

describe('SQL', () => {
  // users/user-with-factors builds the factor subqueries that users.repository and the session
  // check's repository run; it executes nothing itself.
  const buildsSubqueriesOnly = new Set(['features/users/user-with-factors.ts']);

  it('runs only in repositories (db/ and migrations aside)', () => {
    const outside = sourcesUnder(srcDir).filter(
      (file) =>
        !file.endsWith('.repository.ts') &&
        !file.startsWith('db/') &&
        !buildsSubqueriesOnly.has(file) &&
        /\.(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom)\(|\bsql[`<]|CompiledQuery/.test(
          readFileSync(join(srcDir, file), 'utf8'),
        ),
    );
    expect(outside).toEqual([]);
  });

  it("lists a user's factors in one place, the user-with-factors read model", () => {
    const aggregating = sourcesUnder(srcDir).filter((file) =>
      readFileSync(join(srcDir, file), 'utf8').includes('json_agg('),
    );
    expect(aggregating).toEqual(['features/users/user-with-factors.ts']);
  });
});
