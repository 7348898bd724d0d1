/**
 * The project cache behind /sdk/v1: a project change applies as soon as the database's
 * notification on `latchkey_project_changes` arrives (PROJECT_CACHE_TTL_MS bounds it only while
 * notifications are down), a miss is never cached, and sessions are always checked live whatever the cache holds.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, signInTo } from '../../../test/magic-link-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { toJson } from '../../db/json-column.js';
import { cryptoRandom } from '../../random.js';
import { mintProjectCredentials } from './projects.service.js';

const ctx = useTestContext();

/** A hang detector for a notification's arrival, never a speed limit. */
const NOTIFIED = { timeout: 10_000, interval: 20 };

function bootstrap(publicToken: string, origin: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/sdk/v1/projects/bootstrap/${publicToken}`,
    headers: { origin },
  });
}

function refresh(publicToken: string, sessionToken: string) {
  return sdkPost(ctx, '/sessions/authenticate', {}, { publicToken, sessionToken });
}

describe('project cache', () => {
  it('applies a change to a project at once, even one written straight to the table', async () => {
    const project = await ctx.givenProject({ allowedOrigins: ['https://a.example'] });
    expect((await bootstrap(project.public_token, 'https://a.example')).statusCode).toBe(200);

    await ctx.db
      .updateTable('projects')
      .set({ allowed_origins: toJson(['https://b.example']) })
      .where('id', '=', project.project_id)
      .execute();
    // The clock has not moved: only the notification can end the cached copy. It comes with the
    // commit on PGlite, a moment later on PostgreSQL (another connection wrote): waited for as a state.
    await expect
      .poll(async () => (await bootstrap(project.public_token, 'https://a.example')).statusCode, NOTIFIED)
      .toBe(403);
    const refused = await bootstrap(project.public_token, 'https://a.example');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error_type).toBe('invalid_origin');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const accepted = await bootstrap(project.public_token, 'https://b.example');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['access-control-allow-origin']).toBe('https://b.example');
  });

  it('never caches a miss: a project created after an unknown-token call works at once', async () => {
    const credentials = mintProjectCredentials('test', cryptoRandom);
    const before = await bootstrap(credentials.public_token, 'https://new.example');
    expect(before.statusCode).toBe(401);
    expect(json(before).error_type).toBe('invalid_public_token');
    expect(before.headers['access-control-allow-origin']).toBeUndefined();

    await ctx.givenProject({ credentials, allowedOrigins: ['https://new.example'] });
    const after = await bootstrap(credentials.public_token, 'https://new.example');
    expect(after.statusCode).toBe(200);
    expect(after.headers['access-control-allow-origin']).toBe('https://new.example');
  });

  it('still checks the session live: a revocation applies on the very next call', async () => {
    const signedIn = await givenSignedInUser(ctx, 'cached-project@example.com');
    expect((await refresh(ctx.dev.public_token, signedIn.session_token)).statusCode).toBe(200);

    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: ctx.clock.now() })
      .where('id', '=', signedIn.session.session_id as string)
      .execute();
    const after = await refresh(ctx.dev.public_token, signedIn.session_token);
    expect(after.statusCode).toBe(404);
    expect(json(after).error_type).toBe('session_not_found');
  });

  it('a deleted project: its sessions and its public token end at once', async () => {
    const project = await ctx.givenProject({
      isDev: true,
      defaultLoginRedirectUrl: 'http://localhost:4100/a',
    });
    const email = 'deleted-project@example.com';
    const sessionToken = (await signInTo(ctx, project.public_token, email)).session_token;
    expect((await refresh(project.public_token, sessionToken)).statusCode).toBe(200);

    await ctx.db.deleteFrom('projects').where('id', '=', project.project_id).execute();
    // The project is gone from every cache once notified, and its sessions with it (ON DELETE CASCADE).
    await expect
      .poll(async () => (await refresh(project.public_token, sessionToken)).statusCode, NOTIFIED)
      .toBe(401);
    const gone = await bootstrap(project.public_token, 'http://localhost:4100');
    expect(gone.statusCode).toBe(401);
    expect(json(gone).error_type).toBe('invalid_public_token');
  });

  it('shares one frozen project object, so no request can change it for the next', async () => {
    const first = await ctx.app.projectLookup.byPublicToken(ctx.dev.public_token);
    const second = await ctx.app.projectLookup.byPublicToken(ctx.dev.public_token);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.allowedOrigins)).toBe(true);
  });
});
