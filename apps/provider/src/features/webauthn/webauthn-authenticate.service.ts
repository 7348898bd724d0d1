/** @module webauthn-authenticate.service — signing in (primary) and stepping up (secondary) with a passkey (WebAuthn L3 §7.2). */
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { cose, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { SessionAttributes } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { userDirectory } from '../users/user-directory.js';
import { checkAuthenticatorData, checkClientData } from './ceremony-checks.js';
import { decideCounter } from './counter-policy.js';
import { parseAssertionCredential } from './credential-response.js';
import { isDerEcdsaSignature } from './signature-encoding.js';
import type { WebauthnRegistrationRow } from './webauthn.table.js';
import {
  asVerificationFailure,
  rejected,
  unknownCredential,
  VERIFICATION_MESSAGES,
  wrongDomain,
} from './webauthn-errors.js';
import { webauthnFactor } from './webauthn-factor.js';
import { CEREMONY_TIMEOUT_MS } from './webauthn-policy.js';
import type { WebauthnServiceDeps } from './webauthn-register.service.js';
import {
  findRegistrationByCredentialId,
  listUserRegistrations,
  recordAssertion,
} from './webauthn-registrations.repository.js';
import { userHandleBytes } from './webauthn-user-handle.js';

/** What the two start endpoints ask for, after the route checked the domain. */
export interface AuthenticateStartInput {
  /** An RP ID the project accepts (requireAllowedRpId). */
  rpId: string;
  /** return_passkey_credential_options: user verification required. */
  passkey: boolean;
}

/** Body of POST /webauthn/authenticate. */
export interface AuthenticateInput {
  public_key_credential: string;
  session_duration_minutes?: number | undefined;
}

/** A passkey sign-in: the session (new, or the stepped-up one), its token, and the registration used. */
export interface PasskeySignIn {
  session: SessionRow;
  /** The session token to answer with: a new one (primary) or the presented one (secondary). */
  token: string;
  registration: WebauthnRegistrationRow;
}

/**
 * What a verified assertion does with sessions: the browser's presenting session (a secondary
 * challenge needs it); or the server API's named session (`session_token`/`session_jwt`, which
 * gains the factor) and whether to start a session when none is named (`session_duration_minutes`).
 */
export type AssertionTarget =
  | { kind: 'browser'; sessionToken: string | null }
  | { kind: 'server'; named: { session: SessionRow; token: string } | undefined; startSession: boolean };

/** Where a counter that did not increase on a backup-eligible passkey is reported (SECURITY G8 risk signal). */
export type CounterWarning = (details: {
  projectId: string;
  registrationId: string;
  stored: number;
  asserted: number;
}) => void;

/** Whether a stored COSE key is an EC2 (ECDSA) key, whose signatures are DER. */
function isEc2Key(publicKey: Uint8Array<ArrayBuffer>): boolean {
  return decodeCredentialPublicKey(publicKey).get(cose.COSEKEYS.kty) === cose.COSEKTY.EC2;
}

/** Creates the passkey sign-in service. */
export function createWebauthnAuthenticateService(
  deps: WebauthnServiceDeps & { warnCounter: CounterWarning },
) {
  const { db, clock } = deps;

  /**
   * Whether `userHandle` is user `userId`'s: their id (no read, so most sign-ins make none), or
   * the handle override_id set. Handles and user ids name one user of a project together.
   */
  async function isHandleOf(project: Project, userHandle: Uint8Array, userId: string): Promise<boolean> {
    if (Buffer.compare(userHandle, Buffer.from(userId, 'utf8')) === 0) return true;
    const handle = await userDirectory.webauthnHandleOf(db, project.id, userId);
    return handle !== undefined && Buffer.compare(userHandle, userHandleBytes(handle)) === 0;
  }

  async function requestOptions(
    project: Project,
    input: AuthenticateStartInput,
    binding: { ceremony: 'primary'; userId?: string } | { ceremony: 'secondary'; session: SessionRow },
  ) {
    const { rpId } = input;
    const userVerification = input.passkey ? 'required' : 'preferred';
    const userId = binding.ceremony === 'secondary' ? binding.session.user_id : binding.userId;
    const allowCredentials =
      userId === undefined
        ? undefined
        : (await listUserRegistrations(db, project.id, userId, rpId)).map((r) => ({
            id: r.credential_id,
            transports: r.transports,
          }));
    const challenge = await deps.challenges.issue(project, {
      ceremony: binding.ceremony,
      rpId,
      userVerification,
      ...(binding.ceremony === 'secondary'
        ? { userId: binding.session.user_id, sessionId: binding.session.id }
        : userId === undefined
          ? {}
          : { userId }),
    });
    return generateAuthenticationOptions({
      rpID: rpId,
      challenge,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification,
      ...(allowCredentials ? { allowCredentials } : {}),
    });
  }

  const service = {
    /**
     * Request options for a signed-out user. No allowCredentials: a discoverable credential
     * answers and names its account, and nothing here tells whether any account exists
     * (SECURITY E4).
     */
    startPrimary: (project: Project, input: AuthenticateStartInput) =>
      requestOptions(project, input, { ceremony: 'primary' }),

    /**
     * Request options for one user the server API names (`user_id`): their credentials for this
     * RP ID, and only their passkey is accepted; bound to no session.
     */
    startForUser: (project: Project, userId: string, input: AuthenticateStartInput) =>
      requestOptions(project, input, { ceremony: 'primary', userId }),

    /** Request options for the signed-in user: their credentials for this RP ID. */
    startSecondary: (project: Project, session: SessionRow, input: AuthenticateStartInput) =>
      requestOptions(project, input, { ceremony: 'secondary', session }),

    /** Verifies an assertion from the browser (see finishWith): a new session, or the presenting one stepped up. */
    async finish(
      project: Project,
      sessionToken: string | null,
      input: AuthenticateInput,
      attributes: SessionAttributes,
    ): Promise<PasskeySignIn> {
      const signedIn = await finishWith(project, input, attributes, { kind: 'browser', sessionToken });
      // Cannot happen (the browser's always ends signed in); keeps its answer typed as signed in.
      if (!signedIn.session) throw new ApiError('session_not_found');
      return { ...signedIn, session: signedIn.session };
    },

    /** Verifies an assertion for the server API (see AssertionTarget); the answer may carry no session. */
    finishForServer: (
      project: Project,
      input: AuthenticateInput,
      attributes: SessionAttributes,
      target: Omit<Extract<AssertionTarget, { kind: 'server' }>, 'kind'>,
    ) => finishWith(project, input, attributes, { kind: 'server', ...target }),
  };
  return service;

  /**
   * Verifies an assertion. The challenge is consumed first (exactly one of any number of
   * concurrent or replayed assertions gets it; a failure uses it up); the credential's state
   * (counter, backup state, last use) and the session change only after every check passed,
   * in one transaction. A secondary challenge adds the factor to the session that started it,
   * which must be the presenting (browser) or named (server) session; otherwise the browser
   * always makes a new session, the server API steps up the session it names (its user's) or
   * makes one only when asked.
   */
  async function finishWith(
    project: Project,
    input: AuthenticateInput,
    attributes: SessionAttributes,
    target: AssertionTarget,
  ): Promise<{ session: SessionRow | undefined; token: string; registration: WebauthnRegistrationRow }> {
    const parsed = parseAssertionCredential(input.public_key_credential);
    const challenge = await deps.challenges.consume(project, parsed.clientData.challenge);
    if (!challenge) throw rejected(VERIFICATION_MESSAGES.challenge);
    if (challenge.ceremony === 'register') throw rejected(VERIFICATION_MESSAGES.ceremonyAuthenticate);
    let stepUp: { session: SessionRow; token: string } | undefined;
    if (target.kind === 'server') {
      stepUp = target.named;
      if (challenge.ceremony === 'secondary' && stepUp?.session.id !== challenge.session_id)
        throw rejected(VERIFICATION_MESSAGES.session);
    } else if (challenge.ceremony === 'secondary') {
      const live = await deps.sessions.requireLive(project, target.sessionToken);
      if (live.id !== challenge.session_id) throw rejected(VERIFICATION_MESSAGES.session);
      stepUp = { session: live, token: target.sessionToken as string };
    }
    checkClientData(project, challenge, parsed.clientData, 'webauthn.get');

    const registration = await findRegistrationByCredentialId(db, project.id, parsed.credentialId);
    if (!registration) throw unknownCredential();
    if (challenge.user_id !== null && registration.user_id !== challenge.user_id)
      throw rejected(VERIFICATION_MESSAGES.otherUser);
    // A session the server API names is stepped up by its own user's passkey only.
    if (stepUp && stepUp.session.user_id !== registration.user_id)
      throw rejected(VERIFICATION_MESSAGES.otherUser);
    // userHandle is the user's handle (register/start's user.id: their id unless override_id set
    // another, webauthn-user-handle); when sent it must agree.
    if (parsed.userHandle && !(await isHandleOf(project, parsed.userHandle, registration.user_id)))
      throw rejected(VERIFICATION_MESSAGES.userHandle);
    if (registration.domain !== challenge.rp_id) throw wrongDomain(registration.domain, challenge.rp_id);
    checkAuthenticatorData(parsed.authData, challenge);
    const publicKey = new Uint8Array(Buffer.from(registration.public_key, 'base64url'));
    if (isEc2Key(publicKey) && !isDerEcdsaSignature(parsed.signature))
      throw rejected(VERIFICATION_MESSAGES.signatureEncoding);

    let verified: boolean;
    try {
      const result = await verifyAuthenticationResponse({
        response: parsed.json,
        expectedChallenge: parsed.clientData.challenge,
        expectedOrigin: parsed.clientData.origin,
        expectedRPID: challenge.rp_id,
        expectedType: 'webauthn.get',
        // The counter policy is ours (counter-policy.ts): with 0 here the library never refuses on it.
        credential: {
          id: registration.credential_id,
          publicKey,
          counter: 0,
          transports: registration.transports,
        },
        requireUserVerification: challenge.user_verification === 'required',
      });
      verified = result.verified;
    } catch (error) {
      throw asVerificationFailure(error);
    }
    if (!verified) throw rejected(VERIFICATION_MESSAGES.signature);
    // WebAuthn L3 §6.1.3: backup eligibility is fixed at creation; a change means another credential.
    if (parsed.authData.flags.be !== registration.backup_eligible)
      throw rejected(VERIFICATION_MESSAGES.backupEligibility);
    const stored = Number(registration.sign_count);
    const counter = decideCounter(stored, parsed.authData.counter, registration.backup_eligible);
    if (!counter.accept) throw rejected(VERIFICATION_MESSAGES.counter);
    if (counter.suspicious)
      deps.warnCounter({
        projectId: project.id,
        registrationId: registration.id,
        stored,
        asserted: parsed.authData.counter,
      });

    return inTransaction(db, async (trx) => {
      const now = clock.now();
      await recordAssertion(trx, registration.id, {
        signCount: counter.signCount,
        backedUp: parsed.authData.flags.bs,
        at: now,
      });
      const factor = webauthnFactor(registration, now);
      if (stepUp) {
        const session = await deps.sessions.addFactor(
          trx,
          project,
          stepUp.session.id,
          factor,
          input.session_duration_minutes,
        );
        return { session, token: stepUp.token, registration };
      }
      await userDirectory.activate(trx, registration.user_id, now);
      if (target.kind === 'server' && !target.startSession)
        return { session: undefined, token: '', registration };
      const created = await deps.sessions.create(trx, {
        project,
        userId: registration.user_id,
        factor,
        durationMinutes: input.session_duration_minutes,
        attributes,
      });
      return { session: created.row, token: created.token, registration };
    });
  }
}

/** The passkey sign-in service. */
export type WebauthnAuthenticateService = ReturnType<typeof createWebauthnAuthenticateService>;
