/**
 * @module user-management.routes — `/v1/users…` with Basic project_id:secret, as the hosted
 * provider's server API has them (wire/server-api.md): flat answers, the browser API's user object.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ServerUsersCreateBody,
  ServerUsersCreateResponse,
  ServerUsersDeleteFactorResponse,
  ServerUsersDeleteResponse,
  ServerUsersGetResponse,
  ServerUsersSearchBody,
  ServerUsersSearchResponse,
  ServerUsersUpdateBody,
  ServerUsersUpdateResponse,
} from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { projectOf } from '../../plugins/project-auth.js';
import { actingOperator, projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import { requireRecentFactor } from '../operator-keys/step-up.js';
import type { RemovableFactor, UserManagement } from './user-management.service.js';

/** What the routes need. */
export interface UserManagementRoutesOptions {
  db: Db;
  clock: Clock;
  users: UserManagement;
}

const Id = Type.String({ minLength: 1, maxLength: 256 });
const UserParams = Type.Object({ user_id: Id });
const FactorParams = Type.Object({ id: Id });

/** The factor removal paths, each with the User list its id is in. */
const FACTOR_PATHS: [string, RemovableFactor][] = [
  ['emails', 'emails'],
  ['phone_numbers', 'phone_numbers'],
  ['webauthn_registrations', 'webauthn_registrations'],
  ['totps', 'totps'],
  ['crypto_wallets', 'crypto_wallets'],
  ['oauth', 'providers'],
  ['passwords', 'password'],
];

export const userManagementRoutes: FastifyPluginAsyncTypebox<UserManagementRoutesOptions> = async (
  app,
  options,
) => {
  const { users } = options;
  app.addHook('onRequest', projectSecretHook(options.db));
  const origin = (request: FastifyRequest) => ({ ipAddress: request.clientIp, actor: serverActor(request) });

  app.post(
    '/v1/users',
    { schema: { body: ServerUsersCreateBody, response: { 200: ServerUsersCreateResponse } } },
    async (request) => {
      const created = await users.create(projectOf(request), request.body, origin(request));
      return {
        ...flatAnswerHead(request),
        user_id: created.user.user_id,
        email_id: created.emailId,
        status: created.user.status,
        phone_id: created.phoneId,
        user: created.user,
      };
    },
  );

  app.get(
    '/v1/users/:user_id',
    { schema: { params: UserParams, response: { 200: ServerUsersGetResponse } } },
    async (request) => ({
      ...flatAnswerHead(request),
      ...(await users.get(projectOf(request), request.params.user_id)),
    }),
  );

  app.post(
    '/v1/users/search',
    { schema: { body: ServerUsersSearchBody, response: { 200: ServerUsersSearchResponse } } },
    async (request) => {
      const found = await users.search(projectOf(request), request.body ?? {});
      return {
        ...flatAnswerHead(request),
        results: found.results,
        results_metadata: { total: found.total, next_cursor: found.nextCursor },
      };
    },
  );

  app.put(
    '/v1/users/:user_id',
    {
      schema: {
        params: UserParams,
        body: ServerUsersUpdateBody,
        response: { 200: ServerUsersUpdateResponse },
      },
    },
    async (request) => {
      const user = await users.update(
        projectOf(request),
        request.params.user_id,
        request.body,
        origin(request),
      );
      return {
        ...flatAnswerHead(request),
        user_id: user.user_id,
        emails: user.emails,
        phone_numbers: user.phone_numbers,
        crypto_wallets: user.crypto_wallets,
        user,
      };
    },
  );

  app.delete(
    '/v1/users/:user_id',
    { schema: { params: UserParams, response: { 200: ServerUsersDeleteResponse } } },
    async (request) => {
      // A console session deleting a user must have proven a factor lately (docs "Console", Step-up),
      // as rotating a secret must; a project secret or an operator key is a machine credential.
      const operator = actingOperator(request);
      if (operator) requireRecentFactor(operator, options.clock.now());
      const userId = await users.delete(projectOf(request), request.params.user_id, origin(request));
      return { ...flatAnswerHead(request), user_id: userId };
    },
  );

  app.delete(
    '/v1/users/:user_id/external_id',
    { schema: { params: UserParams, response: { 200: ServerUsersDeleteFactorResponse } } },
    async (request) => {
      const user = await users.deleteExternalId(projectOf(request), request.params.user_id, origin(request));
      return { ...flatAnswerHead(request), user_id: user.user_id, user };
    },
  );

  for (const [path, kind] of FACTOR_PATHS) {
    app.delete(
      `/v1/users/${path}/:id`,
      { schema: { params: FactorParams, response: { 200: ServerUsersDeleteFactorResponse } } },
      async (request) => {
        const removed = await users.removeFactor(
          projectOf(request),
          kind,
          request.params.id,
          origin(request),
        );
        return { ...flatAnswerHead(request), user_id: removed.userId, user: removed.user };
      },
    );
  }
};
