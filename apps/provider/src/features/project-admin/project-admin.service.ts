/**
 * @module project-admin.service — every change an operator makes to projects: create, change
 * settings, rotate the secret, set or remove an OAuth provider. Each runs in one transaction that
 * also announces it on the domain event bus (the audit log subscribes); secrets never go into an event.
 */
import type { Clock } from '../../clock.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventType } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import {
  listOAuthConfigSummaries,
  type OAuthConfigSummary,
  removeOAuthConfig,
  saveOAuthConfig,
} from '../oauth/oauth-config-store.js';
import type { UpstreamConfig } from '../oauth/upstream/upstream-config.js';
import type { Project } from '../projects/project.js';
import {
  changeProject,
  createProject,
  findProjectForChange,
  type ProjectCredentials,
  rotateProjectSecret,
} from '../projects/projects.service.js';
import type { ProjectRowUpdate } from '../projects/projects.table.js';
import { type ProjectJson, projectJson } from './project-json.js';

/** Who asked, for the events: the operator key's id and the request's address. */
export interface OperatorRequest {
  operatorId: string;
  ipAddress: string | null;
}

export interface ProjectAdminDeps {
  db: Db;
  clock: Clock;
  random: Random;
  events: DomainEventBus;
  keyEncryptionSecret: string | undefined;
  /** Called after each committed change, before the answer: this process's cached projects are dropped. */
  changed: () => void;
}

export function createProjectAdminService(deps: ProjectAdminDeps) {
  const { db, clock, random, events } = deps;

  const announce = (
    trx: DbExecutor,
    type: DomainEventType,
    projectId: string,
    who: OperatorRequest,
    data: Record<string, unknown>,
    changes?: { before: unknown; after: unknown },
  ) =>
    events.publish(trx, {
      type,
      projectId,
      actor: { type: 'operator', id: who.operatorId },
      occurredAt: clock.now(),
      data,
      ipAddress: who.ipAddress,
      ...(changes ? { changes } : {}),
    });

  const locked = async (trx: DbExecutor, projectId: string): Promise<Project> => {
    const project = await findProjectForChange(trx, projectId);
    if (!project) throw new ApiError('project_not_found', { message: `No project ${projectId}.` });
    return project;
  };

  const committed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    deps.changed();
    return result;
  };

  return {
    /** Creates a project with `settings` (checked by parseProjectSettings); the secret is shown once. */
    create: (
      input: { name: string; environment: 'test' | 'live'; settings: ProjectRowUpdate },
      who: OperatorRequest,
    ): Promise<{ project: ProjectJson; credentials: ProjectCredentials }> =>
      committed(
        inTransaction(db, async (trx) => {
          const created = await createProject(
            trx,
            { clock, random },
            { name: input.name, environment: input.environment },
          );
          const project = (await changeProject(trx, created.project.id, input.settings)) ?? created.project;
          const json = projectJson(project, clock.now());
          await announce(trx, 'project.created', project.id, who, { ...json }, { before: null, after: json });
          return { project: json, credentials: created.credentials };
        }),
      ),

    /** Applies checked `changes`; the event carries the settings before and after. */
    update: (projectId: string, changes: ProjectRowUpdate, who: OperatorRequest): Promise<ProjectJson> =>
      committed(
        inTransaction(db, async (trx) => {
          const before = projectJson(await locked(trx, projectId), clock.now());
          const after = projectJson((await changeProject(trx, projectId, changes)) as Project, clock.now());
          await announce(trx, 'project.updated', projectId, who, { ...after }, { before, after });
          return after;
        }),
      ),

    /** A new secret; the old one works for `graceMinutes` more (0: refused at once). */
    rotateSecret: (
      projectId: string,
      graceMinutes: number,
      who: OperatorRequest,
    ): Promise<{ project: ProjectJson; secret: string }> =>
      committed(
        inTransaction(db, async (trx) => {
          const now = clock.now();
          const graceEndsAt = graceMinutes === 0 ? null : new Date(now.getTime() + graceMinutes * 60_000);
          const rotated = await rotateProjectSecret(trx, random, await locked(trx, projectId), graceEndsAt);
          const json = projectJson(rotated.project, now);
          const grace = { previous_secret_expires_at: json.previous_secret_expires_at };
          await announce(
            trx,
            'project.secret_rotated',
            projectId,
            who,
            { ...json },
            { before: null, after: grace },
          );
          return { project: json, secret: rotated.secret };
        }),
      ),

    oauthProviders: (projectId: string): Promise<OAuthConfigSummary[]> =>
      inTransaction(db, async (trx) => {
        await locked(trx, projectId);
        return listOAuthConfigSummaries(trx, projectId);
      }),

    /** Stores a validated upstream configuration (secrets sealed at rest), replacing the earlier one. */
    setOAuthProvider: (
      projectId: string,
      config: UpstreamConfig,
      who: OperatorRequest,
    ): Promise<OAuthConfigSummary> =>
      committed(
        inTransaction(db, async (trx) => {
          await locked(trx, projectId);
          const before =
            (await listOAuthConfigSummaries(trx, projectId)).find(
              (p) => p.provider_type === config.providerType,
            ) ?? null;
          const after = await saveOAuthConfig(
            trx,
            { clock, random, keyEncryptionSecret: deps.keyEncryptionSecret },
            projectId,
            config,
          );
          await announce(trx, 'oauth_provider.updated', projectId, who, { ...after }, { before, after });
          return after;
        }),
      ),

    removeOAuthProvider: (projectId: string, providerType: string, who: OperatorRequest): Promise<void> =>
      committed(
        inTransaction(db, async (trx) => {
          await locked(trx, projectId);
          const before =
            (await listOAuthConfigSummaries(trx, projectId)).find((p) => p.provider_type === providerType) ??
            null;
          if (!before || !(await removeOAuthConfig(trx, projectId, providerType)))
            throw new ApiError('oauth_config_not_found', {
              message: `Project ${projectId} has no ${providerType} provider.`,
            });
          await announce(
            trx,
            'oauth_provider.removed',
            projectId,
            who,
            { ...before },
            { before, after: null },
          );
        }),
      ),
  };
}

export type ProjectAdminService = ReturnType<typeof createProjectAdminService>;
