/** @module users.routes — GET and PUT /users/me under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { ok } from '../../http/envelope.js';
import { createPublicAuth, signedInCaller } from '../../plugins/project-auth.js';
import type { Project } from '../projects/project.js';
import { GetMeResponse, UpdateMeBody, UpdateMeResponse } from './users.schemas.js';
import type { UsersService } from './users.service.js';

/**
 * The one session question these routes ask (the sessions service answers it). Named here so
 * users does not import sessions, which builds on users' read model.
 */
export interface LiveSessionCheck {
  requireLive(project: Project, token: string | null): Promise<{ user_id: string }>;
}

/** What the user routes need. */
export interface UsersRoutesOptions {
  db: Db;
  sessions: LiveSessionCheck;
  users: UsersService;
}

/** The signed-in user's own record. */
export const usersRoutes: FastifyPluginAsyncTypebox<UsersRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());

  app.get('/users/me', { schema: { response: { 200: GetMeResponse } } }, async (request) => {
    const { project, session } = await signedInCaller(request, options.sessions);
    // endpoints.md: the User fields sit flat in `data`.
    return ok(request, await options.users.get(project.id, session.user_id));
  });

  app.put(
    '/users/me',
    { schema: { body: UpdateMeBody, response: { 200: UpdateMeResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, options.sessions);
      // trusted_metadata is the server's alone (wire/objects.md): refused by name, nothing changed.
      if (Object.hasOwn(request.body, 'trusted_metadata')) {
        throw new ApiError('invalid_request', {
          message: 'trusted_metadata: can be changed only by the server API (PUT /v1/users/{user_id}).',
          body: [{ dataPath: '.trusted_metadata', message: 'can be changed only by the server API' }],
        });
      }
      const user = await options.users.update(project.id, session.user_id, request.body);
      return ok(request, {
        user_id: user.user_id,
        emails: user.emails,
        phone_numbers: user.phone_numbers,
        crypto_wallets: user.crypto_wallets,
        __user: user,
      });
    },
  );
};
