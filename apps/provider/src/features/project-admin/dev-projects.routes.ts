/**
 * @module dev-projects.routes — PUT /v1/dev_projects/{key}: the development projects whose
 * credentials live in the provider's data directory (`{key}-project.json`), made or reused by
 * the provider that owns that directory. What `latchkey-provider project create [--dev KEY]` calls.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import { operatorCredentialFirst } from '../operator-keys/operator-project-access.js';
import { ensureDevProject, isDevProjectKey } from '../projects/dev-project.js';
import { checkProjectName } from '../projects/project-name.js';
import { invalidField } from './project-admin.routes.js';

export interface DevProjectsRoutesOptions {
  db: Db;
  clock: Clock;
  random: Random;
  dataDir: string;
  operators: OperatorAuthenticator;
  changed: () => void;
}

export const devProjectsRoutes: FastifyPluginAsync<DevProjectsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', operatorCredentialFirst(options.operators));
  app.put<{ Params: { key: string } }>('/v1/dev_projects/:key', async (request) => {
    const { key } = request.params;
    if (!isDevProjectKey(key))
      throw invalidField('key', `Bad --dev ${key} (project create --dev KEY; KEY of a-z, 0-9 and -).`);
    const body = (request.body ?? {}) as Record<string, unknown>;
    let name: string | undefined;
    if (body.name !== undefined) {
      const checked = typeof body.name === 'string' ? checkProjectName(body.name) : undefined;
      if (!checked?.ok) throw invalidField('name', checked?.problem ?? 'name must be a string.');
      name = checked.name;
    }
    const url = (field: string): string | undefined => {
      const value = body[field];
      if (value === undefined) return undefined;
      if (typeof value !== 'string' || value === '') throw invalidField(field, `${field} must be a URL.`);
      return value;
    };
    const login = url('login_redirect_url');
    const signup = url('signup_redirect_url');
    const { credentials, outcome } = await ensureDevProject(options.db, options, {
      key,
      ...(name === undefined ? {} : { name }),
      ...(login === undefined ? {} : { loginRedirectUrl: login }),
      ...(signup === undefined ? {} : { signupRedirectUrl: signup }),
    });
    options.changed();
    return { status_code: 200, request_id: request.id, ...credentials, outcome };
  });
};
