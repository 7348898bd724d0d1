/**
 * @module project-api — calls a project's own server API (`/v1/users…`, `/v1/webhooks…`) as the
 * signed-in operator acting on that project: the console session plus `Latchkey-Project-Id`.
 */
import { useCallback } from 'react';
import { type ConsoleApi, useOperator } from '../auth/operator-context.js';

/** The console's `api`, acting on `projectId`. */
export function useProjectApi(projectId: string): ConsoleApi {
  const { api } = useOperator();
  return useCallback<ConsoleApi>(
    (method, path, body) => api(method, path, body, projectId),
    [api, projectId],
  );
}
