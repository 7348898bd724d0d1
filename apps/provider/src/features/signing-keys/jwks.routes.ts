/** @module jwks.routes — the public signing keys at /.well-known/jwks.json and /v1/sessions/jwks/{project_id}. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { projectDirectory } from '../projects/project-directory.js';
import type { KeyRing } from './key-ring.js';

const Jwk = Type.Object(
  {
    kty: Type.String(),
    kid: Type.String(),
    alg: Type.String(),
    use: Type.String(),
    crv: Type.Optional(Type.String()),
    x: Type.Optional(Type.String()),
    y: Type.Optional(Type.String()),
    n: Type.Optional(Type.String()),
    e: Type.Optional(Type.String()),
  },
  // Only public members are listed: a private `d` could never be serialised by mistake.
  { additionalProperties: false },
);
const JwksResponse = Type.Object({ keys: Type.Array(Jwk) });

/** The JWKS endpoints; one key set serves every project. */
export const jwksRoutes: FastifyPluginAsyncTypebox<{ db: Db; keyRing: KeyRing }> = async (app, options) => {
  const send = async () => {
    // Make sure a key (and a due successor) exists before anyone fetches the set.
    await options.keyRing.activeKey();
    return { keys: (await options.keyRing.publicJwks()) as Array<Static<typeof Jwk>> };
  };
  const cache = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

  app.get(
    '/.well-known/jwks.json',
    { schema: { response: { 200: JwksResponse } } },
    async (_request, reply) => {
      reply.headers(cache);
      return send();
    },
  );

  app.get(
    '/v1/sessions/jwks/:project_id',
    {
      schema: {
        params: Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 256 }) }),
        response: { 200: JwksResponse },
      },
    },
    async (request, reply) => {
      if (!(await projectDirectory.findById(options.db, request.params.project_id)))
        throw new ApiError('project_not_found');
      reply.headers(cache);
      return send();
    },
  );
};
