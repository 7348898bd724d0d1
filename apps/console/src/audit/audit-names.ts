/**
 * @module audit-names — who the ids on a page of the audit log are: operators by their address
 * (console operators) or name (operator keys), users by their address, projects by their name.
 * Each is one read per page (users: one search per project, by the page's ids); an id with no
 * name (a deleted user, a removed operator) stays an id.
 */
import type { AuditEvent, ServerUser } from '@latchkey/wire';
import type { ConsoleApi } from '../auth/operator-context.js';
import { ENV_OPERATOR_LABEL } from './audit-labels.js';

export interface AuditNames {
  operators: Record<string, string>;
  users: Record<string, string>;
  projects: Record<string, string>;
}

/** The most a user search takes in one `user_id` filter (the API's limit). */
const USER_IDS_PER_SEARCH = 100;

/** Names for the ids `records` show; a read that fails leaves those ids unnamed (the log still shows). */
export async function loadAuditNames(api: ConsoleApi, records: AuditEvent[]): Promise<AuditNames> {
  const quietly = <T>(read: Promise<T>) => read.catch(() => undefined);
  const usersByProject = new Map<string, Set<string>>();
  for (const record of records) {
    const ids = [record.user_id, record.actor.type === 'user' ? record.actor.id : null];
    for (const id of ids)
      if (id && record.project_id)
        usersByProject.set(record.project_id, (usersByProject.get(record.project_id) ?? new Set()).add(id));
  }
  const [operators, keys, projects, ...userPages] = await Promise.all([
    quietly(
      api<{ operators: Array<{ operator_id: string; email: string }> }>('GET', '/v1/console_operators'),
    ),
    quietly(api<{ operator_keys: Array<{ key_id: string; name: string }> }>('GET', '/v1/operator_keys')),
    quietly(api<{ projects: Array<{ project_id: string; name: string }> }>('GET', '/v1/projects?limit=100')),
    ...[...usersByProject].map(([projectId, ids]) =>
      quietly(
        api<{ results: ServerUser[] }>(
          'POST',
          '/v1/users/search',
          {
            limit: USER_IDS_PER_SEARCH,
            query: {
              operator: 'AND',
              operands: [{ filter_name: 'user_id', filter_value: [...ids].slice(0, USER_IDS_PER_SEARCH) }],
            },
          },
          projectId,
        ),
      ),
    ),
  ]);
  const names: AuditNames = { operators: { env: ENV_OPERATOR_LABEL }, users: {}, projects: {} };
  for (const o of operators?.operators ?? []) names.operators[o.operator_id] = o.email;
  for (const k of keys?.operator_keys ?? []) names.operators[k.key_id] = `Operator key “${k.name}”`;
  for (const p of projects?.projects ?? []) names.projects[p.project_id] = p.name;
  for (const page of userPages)
    for (const user of page?.results ?? []) {
      const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number;
      if (label) names.users[user.user_id] = label;
    }
  return names;
}
