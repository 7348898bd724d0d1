/** Issue 19: each feature folder is one plugin that app.ts lists; a plugin started without the services it reads refuses to start. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { createManualClock } from './clock.js';
import { usersPlugin } from './features/users/users.plugin.js';
import { cryptoRandom } from './random.js';

const featuresDir = fileURLToPath(new URL('./features/', import.meta.url));
const appSource = readFileSync(fileURLToPath(new URL('./app.ts', import.meta.url)), 'utf8');
/**
 * Folders with nothing to serve or start, so no plugin: the project lookup (read by the
 * cross-cutting project auth and CORS, which app.ts registers before any feature) and the phone
 * number value type and table that otps and users read.
 */
const NO_PLUGIN = new Set(['projects', 'phone-numbers']);

describe('feature plugins', () => {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NO_PLUGIN.has(entry.name))
    .map((entry) => entry.name);

  it.each(features)('%s is one plugin, <feature>.plugin.ts, registered by one line of app.ts', (feature) => {
    const plugins = readdirSync(`${featuresDir}${feature}`).filter((name) => name.endsWith('.plugin.ts'));
    expect(plugins).toEqual([`${feature}.plugin.ts`]);
    const imported = appSource.match(
      new RegExp(`import \\{ (\\w+Plugin) \\} from './features/${feature}/${feature}\\.plugin\\.js';`),
    );
    expect(imported, `app.ts imports ${feature}.plugin.ts`).not.toBeNull();
    const registrations = appSource
      .split('\n')
      .filter((line) => line.includes(`app.register(${imported?.[1]},`));
    expect(registrations).toHaveLength(1);
  });

  // A fixed line budget broke as soon as the features grew; what matters is that app.ts holds
  // nothing but the list: an import and a register line per plugin, and a few lines around them.
  it('app.ts stays a list: two lines per registered plugin and at most 16 others', () => {
    const lines = appSource.trimEnd().split('\n');
    const registered = lines.filter((line) =>
      /^ {2}app\.register\(\w+Plugin, features\);$/.test(line),
    ).length;
    expect(lines.length - 2 * registered).toBeLessThanOrEqual(16);
  });

  it('a feature registered without a plugin whose services it reads refuses to start, naming it', async () => {
    const database = await createTestDatabase();
    const app = Fastify();
    try {
      const config = { mode: 'development' as const, issuer: 'stytch.com', keyEncryptionSecret: undefined };
      const deps = {
        db: database.db,
        clock: createManualClock(),
        random: cryptoRandom,
        mailer: { send: async () => {} },
      };
      app.register(usersPlugin, { config, deps });
      await expect(app.ready()).rejects.toThrow(/sessions/);
    } finally {
      await app.close().catch(() => {});
      await database.close();
    }
  });
});
