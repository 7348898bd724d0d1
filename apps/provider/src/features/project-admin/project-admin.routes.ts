/**
 * @module project-admin.routes — /v1/projects with an operator key: create, list, get, change every
 * setting, rotate the secret, and each project's OAuth providers. docs/provider-api.md "Project administration".
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { type UpstreamConfigInput, validateUpstreamConfig } from '../oauth/upstream/upstream-config.js';
import type { Operator, OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import { requireProject } from '../operator-keys/operator-project-access.js';
import { requireRecentFactor } from '../operator-keys/step-up.js';
import { listProjectsPage } from '../projects/projects.service.js';
import type { OperatorRequest, ProjectAdminService } from './project-admin.service.js';
import { decodeProjectCursor, encodeProjectCursor } from './project-cursor.js';
import { projectJson } from './project-json.js';
import { parseProjectSettings } from './project-settings.js';
import { DEFAULT_SECRET_GRACE_MINUTES, MAX_SECRET_GRACE_MINUTES } from './secret-rotation-policy.js';

export interface ProjectAdminRoutesOptions {
  db: Db;
  clock: Clock;
  operators: OperatorAuthenticator;
  admin: ProjectAdminService;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a project administration call. */
    operator: OperatorRequest | null;
    /** The credential that authenticated it (a console session must step up for destructive changes). */
    operatorCredential: Operator | null;
  }
}

/** A 400 naming the field, as schema failures do (wire/README.md). */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError('invalid_request', { message, body: [{ dataPath: `.${field}`, message }] });
}

function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'Send a JSON object.');
  return body as Record<string, unknown>;
}

function operatorOf(request: FastifyRequest): OperatorRequest {
  if (!request.operator) throw new Error('operator route without operator authentication');
  return request.operator;
}

const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

export const projectAdminRoutes: FastifyPluginAsync<ProjectAdminRoutesOptions> = async (app, options) => {
  const { db, clock, admin } = options;
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorCredential', null);
  // Credentials first: an unauthenticated caller learns nothing from validation or lookups.
  app.addHook('onRequest', async (request) => {
    const credential = await options.operators.authenticate(request);
    request.operatorCredential = credential;
    request.operator = { operatorId: credential.id, ipAddress: request.clientIp || null };
  });
  const steppedUp = (request: FastifyRequest) => {
    if (request.operatorCredential) requireRecentFactor(request.operatorCredential, clock.now());
  };

  const found = (projectId: string) => requireProject(db, projectId);

  app.post('/v1/projects', async (request) => {
    const { live, ...settings } = objectBody(request);
    if (live !== undefined && typeof live !== 'boolean')
      throw invalidField('live', 'live must be true or false.');
    if (!('name' in settings)) throw invalidField('name', 'name is required.');
    const checked = parseProjectSettings(settings, undefined);
    if (!checked.ok) throw invalidField(checked.field, checked.problem);
    const { changes } = checked;
    // A project given redirect URLs signs people in to the first unless it names its defaults.
    const [firstRedirect] = (settings.allowed_redirect_urls as string[] | undefined) ?? [];
    if (firstRedirect !== undefined) {
      changes.default_login_redirect_url ??= firstRedirect;
      changes.default_signup_redirect_url ??= firstRedirect;
    }
    const { project, credentials } = await admin.create(
      { name: changes.name as string, environment: live ? 'live' : 'test', settings: changes },
      operatorOf(request),
    );
    return { status_code: 200, request_id: request.id, project, secret: credentials.secret };
  });

  app.get<{ Querystring: { limit?: string; cursor?: string } }>('/v1/projects', async (request) => {
    const { limit: rawLimit, cursor } = request.query;
    const limit = rawLimit === undefined ? DEFAULT_PAGE : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw invalidField('limit', `limit must be an integer from 1 to ${MAX_PAGE}.`);
    const after = cursor === undefined ? undefined : decodeProjectCursor(cursor);
    if (after === null) throw invalidField('cursor', 'cursor is not one this API returned.');
    // One more than asked tells whether there is a next page.
    const page = await listProjectsPage(db, limit + 1, after);
    const shown = page.slice(0, limit);
    const last = shown.at(-1);
    return {
      status_code: 200,
      request_id: request.id,
      projects: shown.map((project) => projectJson(project, clock.now())),
      results_metadata: { next_cursor: page.length > limit && last ? encodeProjectCursor(last) : null },
    };
  });

  app.get<{ Params: { project_id: string } }>('/v1/projects/:project_id', async (request) => ({
    status_code: 200,
    request_id: request.id,
    project: projectJson(await found(request.params.project_id), clock.now()),
  }));

  app.patch<{ Params: { project_id: string } }>('/v1/projects/:project_id', async (request) => {
    const { project_id } = request.params;
    const checked = parseProjectSettings(objectBody(request), await found(project_id));
    if (!checked.ok) throw invalidField(checked.field, checked.problem);
    const project = await admin.update(project_id, checked.changes, operatorOf(request));
    return { status_code: 200, request_id: request.id, project };
  });

  app.post<{ Params: { project_id: string } }>('/v1/projects/:project_id/secrets/rotate', async (request) => {
    steppedUp(request);
    const { grace_period_minutes: grace = DEFAULT_SECRET_GRACE_MINUTES, ...rest } = objectBody(request);
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined) throw invalidField(unknown, `Unknown field ${unknown}.`);
    if (
      typeof grace !== 'number' ||
      !Number.isInteger(grace) ||
      grace < 0 ||
      grace > MAX_SECRET_GRACE_MINUTES
    )
      throw invalidField(
        'grace_period_minutes',
        `grace_period_minutes must be an integer from 0 to ${MAX_SECRET_GRACE_MINUTES}.`,
      );
    const { project, secret } = await admin.rotateSecret(
      request.params.project_id,
      grace,
      operatorOf(request),
    );
    return { status_code: 200, request_id: request.id, project, secret };
  });

  app.get<{ Params: { project_id: string } }>(
    '/v1/projects/:project_id/oauth_providers',
    async (request) => ({
      status_code: 200,
      request_id: request.id,
      project_id: request.params.project_id,
      oauth_providers: await admin.oauthProviders(request.params.project_id),
    }),
  );

  app.get<{ Params: { project_id: string; provider: string } }>(
    '/v1/projects/:project_id/oauth_providers/:provider',
    async (request) => {
      const { project_id, provider } = request.params;
      const oauthProvider = (await admin.oauthProviders(project_id)).find(
        (p) => p.provider_type === provider,
      );
      if (!oauthProvider)
        throw new ApiError('oauth_config_not_found', {
          message: `Project ${project_id} has no ${provider} provider.`,
        });
      return { status_code: 200, request_id: request.id, project_id, oauth_provider: oauthProvider };
    },
  );

  app.put<{ Params: { project_id: string; provider: string } }>(
    '/v1/projects/:project_id/oauth_providers/:provider',
    async (request) => {
      const { project_id, provider } = request.params;
      const input = upstreamInputOf(provider, objectBody(request));
      const result = validateUpstreamConfig(input);
      if (!result.ok) throw invalidField('oauth_provider', result.message);
      await found(project_id);
      const oauthProvider = await admin.setOAuthProvider(project_id, result.config, operatorOf(request));
      return { status_code: 200, request_id: request.id, project_id, oauth_provider: oauthProvider };
    },
  );

  app.delete<{ Params: { project_id: string; provider: string } }>(
    '/v1/projects/:project_id/oauth_providers/:provider',
    async (request) => {
      steppedUp(request);
      const { project_id, provider } = request.params;
      await admin.removeOAuthProvider(project_id, provider, operatorOf(request));
      return { status_code: 200, request_id: request.id, project_id, provider_type: provider, removed: true };
    },
  );
};

const UPSTREAM_FIELDS = {
  client_id: 'clientId',
  client_secret: 'clientSecret',
  issuer: 'issuer',
  authorization_endpoint: 'authorizationEndpoint',
  token_endpoint: 'tokenEndpoint',
  jwks_uri: 'jwksUri',
  userinfo_endpoint: 'userinfoEndpoint',
} as const;

/** The PUT body (snake_case, as `oauth list` prints it) → what validateUpstreamConfig checks. */
function upstreamInputOf(provider: string, body: Record<string, unknown>): UpstreamConfigInput {
  const input: UpstreamConfigInput = { providerType: provider, clientId: '' };
  for (const [key, value] of Object.entries(body)) {
    if (key in UPSTREAM_FIELDS) {
      if (typeof value !== 'string') throw invalidField(key, `${key} must be a string.`);
      input[UPSTREAM_FIELDS[key as keyof typeof UPSTREAM_FIELDS]] = value;
    } else if (key === 'kind') {
      if (value !== 'oidc' && value !== 'oauth2') throw invalidField(key, 'kind must be oidc or oauth2.');
      input.kind = value;
    } else if (key === 'scopes') {
      if (!Array.isArray(value) || !value.every((s) => typeof s === 'string'))
        throw invalidField(key, 'scopes must be a list of strings.');
      input.scopes = value;
    } else if (key === 'apple') {
      const apple = (value ?? {}) as Record<string, unknown>;
      const { team_id: teamId, key_id: keyId, private_key: privateKeyPem } = apple;
      if (typeof teamId !== 'string' || typeof keyId !== 'string' || typeof privateKeyPem !== 'string')
        throw invalidField('apple', "apple needs team_id, key_id and private_key (the .p8 file's text).");
      input.apple = { teamId, keyId, privateKeyPem };
    } else throw invalidField(key, `Unknown field ${key}.`);
  }
  if (input.clientId === '') throw invalidField('client_id', 'client_id is required.');
  return input;
}
