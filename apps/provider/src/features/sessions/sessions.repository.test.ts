/** The read-only session check and the coarse touch: the session and its user with addresses, on PGlite and PostgreSQL alike. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createManualClock } from '../../clock.js';
import { hashToken } from '../../crypto/tokens.js';
import { toJson } from '../../db/json-column.js';
import { newId } from '../../ids.js';
import { cryptoRandom } from '../../random.js';
import { createSecondFactorGate } from '../mfa/defer-primary-sign-in.js';
import type { Project } from '../projects/project.js';
import { createProject } from '../projects/projects.service.js';
import { findUserWithFactors, insertEmailIfAbsent, insertUser } from '../users/users.repository.js';
import { findLiveSessionWithUser } from './live-session-lookup.repository.js';
import { touchLiveSession } from './sessions.repository.js';
import { createSessionsService } from './sessions.service.js';

const MINUTE = 60_000;
let database: TestDatabase;
let project: Project;
const clock = createManualClock(new Date('2026-05-01T08:00:00.000Z'));

beforeAll(async () => {
  database = await createTestDatabase();
  ({ project } = await createProject(database.db, { clock, random: cryptoRandom }, { name: 'Refresh' }));
});
afterAll(async () => database?.close());

/** Marks a session revoked now, straight in the table (the repository's reads are what is tested). */
async function revokeDirectly(sessionId: string): Promise<void> {
  await database.db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('id', '=', sessionId)
    .execute();
}

async function givenUser(addresses: { email: string; at: Date }[]) {
  const now = clock.now();
  const user = await insertUser(database.db, {
    id: newId('user', 'test', cryptoRandom),
    project_id: project.id,
    status: 'active',
    first_name: 'Ada',
    middle_name: '',
    last_name: 'Lovelace',
    trusted_metadata: toJson({ plan: 'pro' }),
    untrusted_metadata: toJson({ theme: 'dark' }),
    created_at: now,
    updated_at: now,
  });
  for (const { email, at } of addresses) {
    await insertEmailIfAbsent(database.db, {
      id: newId('email', 'test', cryptoRandom),
      project_id: project.id,
      user_id: user.id,
      email,
      verified: email.startsWith('verified'),
      created_at: at,
    });
  }
  const sessions = createSessionsService({
    db: database.db,
    clock,
    random: cryptoRandom,
    secondFactorGate: createSecondFactorGate({ clock, random: cryptoRandom }),
  });
  const { row, token } = await sessions.create(database.db, {
    project,
    userId: user.id,
    factor: { type: 'magic_link', delivery_method: 'email', last_authenticated_at: now.toISOString() },
    durationMinutes: 60,
    attributes: { ip_address: '203.0.113.9', user_agent: 'test' },
  });
  return { user, session: row, tokenHash: hashToken(token) };
}

describe('findLiveSessionWithUser', () => {
  it('returns the session unchanged and its user with every address, oldest first', async () => {
    const t = clock.now().getTime();
    const { user, session, tokenHash } = await givenUser([
      { email: 'second@example.com', at: new Date(t - MINUTE) },
      { email: 'verified-first@example.com', at: new Date(t - 2 * MINUTE) },
    ]);
    clock.advance(MINUTE);
    const touched = await findLiveSessionWithUser(
      database.db,
      { projectId: project.id, tokenHash },
      clock.now(),
    );
    expect(touched?.session).toEqual(session);
    expect(touched?.user).toEqual(await findUserWithFactors(database.db, project.id, user.id));
    const { external_id: _externalId, roles: _roles, webauthn_user_handle: _handle, ...userColumns } = user;
    expect(touched?.user).toMatchObject({
      ...userColumns,
      emails: [
        { email: 'verified-first@example.com', verified: true },
        { email: 'second@example.com', verified: false },
      ],
    });
  });

  it('returns an empty address list for a user without one', async () => {
    const { session } = await givenUser([]);
    const touched = await findLiveSessionWithUser(
      database.db,
      { projectId: project.id, id: session.id },
      clock.now(),
    );
    expect(touched?.user.emails).toEqual([]);
  });

  it('finds nothing for a revoked or expired session, nor by another project', async () => {
    const revoked = await givenUser([]);
    await revokeDirectly(revoked.session.id);
    const key = { projectId: project.id, tokenHash: revoked.tokenHash };
    expect(await findLiveSessionWithUser(database.db, key, clock.now())).toBeUndefined();

    const expiring = await givenUser([]);
    const later = new Date(expiring.session.expires_at.getTime());
    const expired = { projectId: project.id, tokenHash: expiring.tokenHash };
    expect(await findLiveSessionWithUser(database.db, expired, later)).toBeUndefined();
    expect(
      await findLiveSessionWithUser(
        database.db,
        { projectId: 'project-test-other', id: expiring.session.id },
        clock.now(),
      ),
    ).toBeUndefined();
  });
});

describe('touchLiveSession', () => {
  it('records the access and extends up to the absolute limit', async () => {
    const { session } = await givenUser([]);
    clock.advance(MINUTE);
    const far = new Date(session.absolute_expires_at.getTime() + MINUTE);
    const touched = await touchLiveSession(
      database.db,
      { projectId: project.id, id: session.id },
      clock.now(),
      far,
    );
    expect(touched).toEqual({
      ...session,
      last_accessed_at: clock.now(),
      expires_at: session.absolute_expires_at,
    });
  });

  it('changes nothing for a revoked or expired session', async () => {
    const revoked = await givenUser([]);
    await revokeDirectly(revoked.session.id);
    const key = { projectId: project.id, id: revoked.session.id };
    expect(await touchLiveSession(database.db, key, clock.now(), null)).toBeUndefined();

    const expiring = await givenUser([]);
    const later = new Date(expiring.session.expires_at.getTime());
    const expired = { projectId: project.id, id: expiring.session.id };
    expect(await touchLiveSession(database.db, expired, later, later)).toBeUndefined();
    const row = await database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', expiring.session.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expiring.session);
  });
});
