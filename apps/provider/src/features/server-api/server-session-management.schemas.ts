/** @module server-session-management.schemas — GET /v1/sessions, POST /v1/sessions/revoke and …/revoke_all. */
import { Type } from 'typebox';

const UserId = Type.String({ minLength: 1, maxLength: 128 });

/** GET /v1/sessions?user_id= */
export const ServerSessionsGetQuery = Type.Object({ user_id: UserId });

/** POST /v1/sessions/revoke: exactly one of the three names the session (checked in the route). */
export const ServerSessionsRevokeBody = Type.Object({
  session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  session_jwt: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
});

/** POST /v1/sessions/revoke_all (Latchkey's; the hosted consumer API has no such call). */
export const ServerSessionsRevokeAllBody = Type.Object({ user_id: UserId });

export {
  ServerSessionsGetResponse,
  ServerSessionsRevokeAllResponse,
  ServerSessionsRevokeResponse,
} from '@latchkey/wire';
