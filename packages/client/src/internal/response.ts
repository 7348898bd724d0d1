/** @module internal/response — trims wire responses before they are stored or returned. */

/** Drops `__user`: callers get `user`; `__user` only feeds the state (`endpoints.md`, summary). */
export function withoutInternalUser<T extends object>(response: T): T {
  const { __user: _ignored, ...rest } = response as T & { __user?: unknown };
  return rest as T;
}

/** Drops `request_id` and `status_code`, e.g. to store a user object from `GET /users/me`. */
export function withoutCommonFields<T extends object>(response: T): Omit<T, 'request_id' | 'status_code'> {
  const {
    request_id: _id,
    status_code: _status,
    ...rest
  } = response as T & { request_id?: unknown; status_code?: unknown };
  return rest;
}
