/**
 * @module operator-client — the project administration API (`/v1/projects…`,
 * `/v1/operator_keys…`) with an operator key: create, list, read and change projects, rotate their
 * secrets, manage their OAuth providers and the operator keys themselves.
 */

import type {
  ActivityWindow,
  AuditEventsListResult,
  EmailPreview,
  OAuthProviderInput,
  OAuthProviderSummary,
  OperatorKeyObject,
  ProjectActivityResult,
  ProjectObject,
  ProjectSettings,
} from '@latchkey/wire';
import { auditQueryString, type OperatorAuditEventsQuery } from './audit-events.js';
import { type LatchkeyServerClient, serverClientOf } from './create-server-client.js';
import { callProviderApi, type ProviderApiCall } from './internal/post-server-api.js';
import { nonNegativeInteger, parseProviderUrl, requireText, resolveServerClientOptions } from './options.js';

/** Options of {@link createLatchkeyOperatorClient}. */
export interface LatchkeyOperatorClientOptions {
  /** Where the provider is, e.g. `https://auth.example.com`. */
  providerUrl: string;
  /** An operator key (`operator-secret-…`, or the deployment's LATCHKEY_OPERATOR_KEY). */
  operatorKey: string;
  /** Defaults to `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Each call's time limit; default 5 000 ms. */
  timeoutMs?: number;
}

/** A page of projects; pass `next_cursor` back as `cursor` until it is null. */
export interface ProjectPage {
  projects: ProjectObject[];
  next_cursor: string | null;
}

/** The operator's client. Every method throws `LatchkeyServerError` with the wire `error_type` as `code`. */
export interface LatchkeyOperatorClient {
  readonly projects: {
    /** `POST /v1/projects`: the new project and its secret (shown this once). */
    create(
      settings: ProjectSettings & { name: string; live?: boolean },
    ): Promise<{ project: ProjectObject; secret: string }>;
    /** `GET /v1/projects`, one page (stable order, cursor pagination). */
    list(options?: { limit?: number; cursor?: string }): Promise<ProjectPage>;
    /** `GET /v1/projects/{project_id}`. */
    get(projectId: string): Promise<ProjectObject>;
    /** `PATCH /v1/projects/{project_id}`: changes the settings named; a bad one is refused (400) and nothing changes. */
    update(projectId: string, settings: ProjectSettings): Promise<ProjectObject>;
    /** `POST …/secrets/rotate`: the new secret (shown once); the old one works for the grace period (default 1 440 minutes). */
    rotateSecret(
      projectId: string,
      options?: { grace_period_minutes?: number },
    ): Promise<{ project: ProjectObject; secret: string }>;
  };
  readonly oauthProviders: {
    list(projectId: string): Promise<OAuthProviderSummary[]>;
    get(projectId: string, provider: string): Promise<OAuthProviderSummary>;
    /** `PUT …/oauth_providers/{provider}`: replaces the project's earlier one; the secret is never returned. */
    set(projectId: string, provider: string, input: OAuthProviderInput): Promise<OAuthProviderSummary>;
    remove(projectId: string, provider: string): Promise<void>;
  };
  readonly operatorKeys: {
    /** `POST /v1/operator_keys`: the key and its credential (shown this once). */
    create(options?: { name?: string }): Promise<{ operator_key: OperatorKeyObject; secret: string }>;
    list(): Promise<OperatorKeyObject[]>;
    revoke(keyId: string): Promise<OperatorKeyObject>;
  };
  readonly auditEvents: {
    /**
     * `GET /v1/audit_events/operator`, one page newest first: operator keys created and revoked
     * (`project_id` null) and every operator's change to any project; pass `next_cursor` back as `cursor`.
     */
    list(query?: OperatorAuditEventsQuery): Promise<AuditEventsListResult>;
  };
  /**
   * The server client of one project, acting as this operator: every `/v1` call goes with the
   * operator key (Bearer) and `Latchkey-Project-Id: projectId`, and the project's audit log names
   * the operator. No project secret is needed.
   */
  forProject(projectId: string): LatchkeyServerClient;
  /**
   * `GET /v1/projects/{project_id}/activity`: sign-ins by method, failures, lockouts, rate-limit
   * hits and messages per hour (`24h`) or UTC day (`7d`, the default; `30d`).
   */
  activity(
    projectId: string,
    options?: { window?: ActivityWindow },
  ): Promise<Omit<ProjectActivityResult, 'status_code' | 'request_id'>>;
  /** `GET /v1/projects/{project_id}/email_previews`: each email the project sends, rendered with sample values. */
  emailPreviews(projectId: string): Promise<EmailPreview[]>;
}

/**
 * Creates the operator client. Throws `invalid_argument` for malformed options.
 *
 * @example
 * const admin = createLatchkeyOperatorClient({ providerUrl, operatorKey: process.env.LATCHKEY_OPERATOR_KEY });
 * await admin.projects.update(projectId, { allowed_origins: ['https://app.example.com'] });
 */
export function createLatchkeyOperatorClient(options: LatchkeyOperatorClientOptions): LatchkeyOperatorClient {
  requireText('operatorKey', options.operatorKey);
  const resolved = {
    providerUrl: parseProviderUrl(options.providerUrl),
    fetch:
      options.fetch ??
      ((input: Parameters<typeof fetch>[0], init?: RequestInit) => globalThis.fetch(input, init)),
    timeoutMs: nonNegativeInteger('timeoutMs', options.timeoutMs, 5_000),
  };
  const authorization = `Bearer ${options.operatorKey}`;
  const call = async <T>(method: ProviderApiCall['method'], path: string, body?: object): Promise<T> =>
    (await callProviderApi(resolved, {
      method,
      path,
      authorization,
      ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
    })) as T;
  const project = (id: string) => `/v1/projects/${encodeURIComponent(id)}`;
  const provider = (id: string, name: string) => `${project(id)}/oauth_providers/${encodeURIComponent(name)}`;
  return {
    projects: {
      create: (settings) => call('POST', '/v1/projects', settings),
      list: async ({ limit, cursor } = {}) => {
        const query = new URLSearchParams();
        if (limit !== undefined) query.set('limit', String(limit));
        if (cursor !== undefined) query.set('cursor', cursor);
        const page = await call<{
          projects: ProjectObject[];
          results_metadata: { next_cursor: string | null };
        }>('GET', `/v1/projects${query.size > 0 ? `?${query}` : ''}`);
        return { projects: page.projects, next_cursor: page.results_metadata.next_cursor };
      },
      get: async (id) => (await call<{ project: ProjectObject }>('GET', project(id))).project,
      update: async (id, settings) =>
        (await call<{ project: ProjectObject }>('PATCH', project(id), settings)).project,
      rotateSecret: (id, rotation = {}) => call('POST', `${project(id)}/secrets/rotate`, rotation),
    },
    oauthProviders: {
      list: async (id) =>
        (await call<{ oauth_providers: OAuthProviderSummary[] }>('GET', `${project(id)}/oauth_providers`))
          .oauth_providers,
      get: async (id, name) =>
        (await call<{ oauth_provider: OAuthProviderSummary }>('GET', provider(id, name))).oauth_provider,
      set: async (id, name, input) =>
        (await call<{ oauth_provider: OAuthProviderSummary }>('PUT', provider(id, name), input))
          .oauth_provider,
      remove: async (id, name) => {
        await call('DELETE', provider(id, name));
      },
    },
    activity: async (id, { window } = {}) => {
      const {
        status_code: _status,
        request_id: _request,
        ...figures
      } = await call<ProjectActivityResult>(
        'GET',
        `${project(id)}/activity${window === undefined ? '' : `?window=${encodeURIComponent(window)}`}`,
      );
      return figures;
    },
    emailPreviews: async (id) =>
      (await call<{ email_previews: EmailPreview[] }>('GET', `${project(id)}/email_previews`)).email_previews,
    forProject: (projectId) =>
      serverClientOf({
        ...resolveServerClientOptions({
          providerUrl: options.providerUrl,
          projectId,
          fetch: resolved.fetch,
          timeoutMs: resolved.timeoutMs,
        }),
        operatorCredential: options.operatorKey,
      }),
    operatorKeys: {
      create: (keyOptions = {}) => call('POST', '/v1/operator_keys', keyOptions),
      list: async () =>
        (await call<{ operator_keys: OperatorKeyObject[] }>('GET', '/v1/operator_keys')).operator_keys,
      revoke: async (keyId) =>
        (
          await call<{ operator_key: OperatorKeyObject }>(
            'DELETE',
            `/v1/operator_keys/${encodeURIComponent(keyId)}`,
          )
        ).operator_key,
    },
    auditEvents: {
      list: (query = {}) => call('GET', `/v1/audit_events/operator${auditQueryString(query)}`),
    },
  };
}
