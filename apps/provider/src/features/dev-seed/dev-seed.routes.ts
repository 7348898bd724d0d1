/**
 * @module dev-seed.routes — POST /dev/seed_users (development mode only, operator credential):
 * seeds many users in one project for the console and the search benchmark.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import { operatorCredentialFirst, requireProject } from '../operator-keys/operator-project-access.js';
import { MAX_SEED_USERS, seedUsers } from './seed-users.js';

export interface DevSeedRoutesOptions {
  db: Db;
  clock: Clock;
  random: Random;
  operators: OperatorAuthenticator;
}

const SeedUsersBody = Type.Object(
  {
    project_id: Type.String({ minLength: 1, maxLength: 128 }),
    count: Type.Integer({ minimum: 1, maximum: MAX_SEED_USERS }),
    /** Addresses are `{email_prefix}{n}@example.com`; a fresh `seed-xxxxxx-` when absent, so seeding twice never collides. */
    email_prefix: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9][a-z0-9._+-]*$' }),
    ),
  },
  { additionalProperties: false },
);

export const devSeedRoutes: FastifyPluginAsyncTypebox<DevSeedRoutesOptions> = async (app, options) => {
  app.post(
    '/dev/seed_users',
    {
      onRequest: operatorCredentialFirst(options.operators),
      schema: { body: SeedUsersBody },
    },
    async (request) => {
      const { project_id: projectId, count } = request.body;
      const project = await requireProject(options.db, projectId);
      const prefix = request.body.email_prefix ?? `seed-${options.random.uuid().slice(0, 6)}-`;
      const started = performance.now();
      let seeded: Awaited<ReturnType<typeof seedUsers>>;
      try {
        seeded = await seedUsers(options, project, count, prefix);
      } catch (error) {
        // A unique address already taken: an earlier seeding used this prefix.
        if ((error as { code?: unknown }).code === '23505') {
          throw new ApiError('invalid_request', {
            message: `Addresses ${prefix}…@example.com are taken in this project; choose another email_prefix.`,
          });
        }
        throw error;
      }
      return {
        status_code: 200,
        request_id: request.id,
        project_id: projectId,
        created: seeded.created,
        email_prefix: seeded.emailPrefix,
        first_email: seeded.firstEmail,
        last_email: seeded.lastEmail,
        duration_ms: Math.round(performance.now() - started),
      };
    },
  );
};
