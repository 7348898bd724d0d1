/**
 * @module ceremony-checks — the checks both ceremonies make on a consumed challenge, the client
 * data and the authenticator data (WebAuthn L3 §7.1 steps 7–17, §7.2 steps 10–20). They run
 * before @simplewebauthn/server, which repeats several of them, so every refusal has a
 * message that says which check failed.
 */
import { createHash } from 'node:crypto';
import type { Project } from '../projects/project.js';
import type { AuthenticatorDataView, ClientData } from './credential-response.js';
import { isOriginAllowedForRpId } from './rp-id.js';
import type { WebauthnChallengeRow } from './webauthn.table.js';
import { rejected, VERIFICATION_MESSAGES, wrongOrigin, wrongRpId, wrongType } from './webauthn-errors.js';

/** Type, iframe use and origin of clientDataJSON, against the project and the challenge's RP ID. */
export function checkClientData(
  project: Project,
  challenge: WebauthnChallengeRow,
  clientData: ClientData,
  expectedType: 'webauthn.create' | 'webauthn.get',
): void {
  if (clientData.type !== expectedType) throw wrongType(clientData.type, expectedType);
  if (clientData.crossOrigin || clientData.topOrigin !== undefined)
    throw rejected(VERIFICATION_MESSAGES.crossOrigin);
  if (!isOriginAllowedForRpId(project, clientData.origin, challenge.rp_id))
    throw wrongOrigin(clientData.origin, challenge.rp_id);
}

/** rpIdHash, user presence, user verification when the challenge required it, and BS only with BE. */
export function checkAuthenticatorData(
  authData: AuthenticatorDataView,
  challenge: WebauthnChallengeRow,
): void {
  const expectedHash = createHash('sha256').update(challenge.rp_id, 'ascii').digest();
  if (!expectedHash.equals(authData.rpIdHash)) throw wrongRpId(challenge.rp_id);
  if (!authData.flags.up) throw rejected(VERIFICATION_MESSAGES.up);
  if (challenge.user_verification === 'required' && !authData.flags.uv)
    throw rejected(VERIFICATION_MESSAGES.uv);
  if (authData.flags.bs && !authData.flags.be) throw rejected(VERIFICATION_MESSAGES.backupState);
}
