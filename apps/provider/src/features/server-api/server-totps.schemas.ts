/**
 * @module server-totps.schemas — the server API's authenticator apps (`/v1/totps`,
 * `/v1/totps/authenticate`, `/v1/totps/recovery_codes`, `/v1/totps/recover`): the hosted
 * provider's fields from the wire, the browser's limits.
 */
export {
  ServerTotpsAuthenticateBody,
  ServerTotpsAuthenticateResponse,
  ServerTotpsCreateBody,
  ServerTotpsCreateResponse,
  ServerTotpsRecoverBody,
  ServerTotpsRecoveryCodesBody,
  ServerTotpsRecoveryCodesResponse,
} from '@latchkey/wire';
