/** @module webauthn-register.service — registering a passkey for the signed-in user (WebAuthn L3 §7.1). */
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { userDirectory } from '../users/user-directory.js';
import type { ClientHints } from './browser-and-os.js';
import { checkAuthenticatorData, checkClientData } from './ceremony-checks.js';
import { parseRegistrationCredential } from './credential-response.js';
import { newRegistrationName } from './new-registration-name.js';
import type { AuthenticatorType, WebauthnRegistrationRow } from './webauthn.table.js';
import type { ChallengeStore } from './webauthn-challenges.js';
import { asVerificationFailure, rejected, VERIFICATION_MESSAGES } from './webauthn-errors.js';
import { webauthnFactor } from './webauthn-factor.js';
import { CEREMONY_TIMEOUT_MS, MAX_REGISTRATIONS_PER_USER } from './webauthn-policy.js';
import {
  countUserRegistrations,
  insertRegistrationIfAbsent,
  listUserRegistrationNames,
  listUserRegistrations,
} from './webauthn-registrations.repository.js';
import { registrationUserHandle, userHandleBytes, userHandleStill } from './webauthn-user-handle.js';

/** The key algorithms offered and accepted: Ed25519 (EdDSA), ES256, RS256 (in order of preference). */
export const SUPPORTED_ALGORITHMS: number[] = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** What POST /webauthn/register/start asks for, after the route checked the domain. */
export interface RegisterStartInput {
  /** An RP ID the project accepts (requireAllowedRpId). */
  rpId: string;
  authenticatorType: 'platform' | 'cross-platform' | undefined;
  /** return_passkey_credential_options: a discoverable credential with user verification. */
  passkey: boolean;
  /** What the registration records as its user agent (the body's user_agent, else the header). */
  userAgent: string;
  /** The server API's override_name / override_display_name: the options' user.name and user.displayName. */
  userName?: string | undefined;
  userDisplayName?: string | undefined;
  /** The server API's override_id: the user handle to register under (webauthn-user-handle). */
  overrideId?: string | undefined;
}

/**
 * Whom a creation response registers for: the browser's signed-in session (`bindToSession`: only
 * a challenge issued to that session is accepted), or a user the server API names, with the
 * session (if any) that gains the factor.
 */
export interface RegistrationTarget {
  userId: string;
  /** The session that gains the factor: the browser's, or one the server API names (the user's own). */
  session?: SessionRow | undefined;
  /** Browser: the challenge must have been issued to `session`. */
  bindToSession?: boolean;
  /** Server API: with no session named, start one with these attributes (session_duration_minutes sent). */
  newSession?: SessionAttributes | undefined;
  /** Who registers, for `factor.added` (the project's server on the server API); the user when absent. */
  actor?: EventActor | undefined;
}

/** Body of POST /webauthn/register. */
export interface RegisterInput {
  public_key_credential: string;
  session_duration_minutes?: number | undefined;
}

/** A stored registration and the session that now carries its factor (none when the server API asked for none). */
export interface RegisteredPasskey {
  registration: WebauthnRegistrationRow;
  session: SessionRow | undefined;
  /** The token of a session started here (the server API's `newSession`). */
  newToken?: string | undefined;
}

/** What registering needs. */
export interface WebauthnServiceDeps {
  db: Db;
  clock: Clock;
  random: Random;
  sessions: SessionsService;
  challenges: ChallengeStore;
  /** Where a new passkey (`factor.added`) is announced. */
  events?: DomainEventBus;
}

function tooManyRegistrations(): ApiError {
  return new ApiError('invalid_request', {
    message: `An account can hold at most ${MAX_REGISTRATIONS_PER_USER} passkeys. Remove one before adding another.`,
  });
}

function storedAuthenticatorType(value: string | null): AuthenticatorType {
  return value === 'platform' || value === 'cross-platform' ? value : '';
}

/** Creates the registration service. */
export function createWebauthnRegisterService(deps: WebauthnServiceDeps) {
  const { db, clock } = deps;

  /**
   * Creation options for `userId`, as the object the route serialises; the challenge is bound to
   * the user and, from the browser, to its session. The user's credentials are excluded so an
   * authenticator holding one of them says so instead of making a second. `user.id` is the user's
   * handle (their id, or the server API's override_id), which the challenge records and every
   * sign-in checks.
   */
  async function startFor(
    project: Project,
    binding: { userId: string; sessionId?: string | undefined },
    input: RegisterStartInput,
  ) {
    const { rpId, authenticatorType, passkey } = input;
    const user = await userDirectory.findWithFactors(db, project.id, binding.userId);
    if (!user) throw new ApiError(binding.sessionId === undefined ? 'user_not_found' : 'session_not_found');
    const existing = await listUserRegistrations(db, project.id, user.id);
    if (existing.length >= MAX_REGISTRATIONS_PER_USER) throw tooManyRegistrations();
    const userHandle = await registrationUserHandle(db, project, user.id, input.overrideId);
    const userVerification = passkey ? 'required' : 'preferred';
    const challenge = await deps.challenges.issue(project, {
      ceremony: 'register',
      rpId,
      userId: user.id,
      ...(binding.sessionId === undefined ? {} : { sessionId: binding.sessionId }),
      userVerification,
      ...(authenticatorType ? { authenticatorType } : {}),
      userAgent: input.userAgent.slice(0, 512),
      userHandle,
    });
    const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.id;
    const options = await generateRegistrationOptions({
      rpName: project.name,
      rpID: rpId,
      userID: userHandleBytes(userHandle),
      userName: input.userName ?? label,
      userDisplayName: input.userDisplayName ?? input.userName ?? label,
      challenge,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((r) => ({ id: r.credential_id, transports: r.transports })),
      authenticatorSelection: {
        residentKey: passkey ? 'required' : 'preferred',
        userVerification,
        ...(authenticatorType ? { authenticatorAttachment: authenticatorType } : {}),
      },
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    return { userId: user.id, options };
  }

  /**
   * Verifies a creation response for `target`: the challenge is consumed first (one winner; a
   * failure uses it up), then every check runs, and only then is the credential stored and the
   * factor added to the target's session (or a new one started), in one transaction. A
   * credential id the project already has is refused by the unique index (401), whoever
   * registered it. `hints` are the request's client hints, which help name the passkey.
   */
  async function finishFor(
    project: Project,
    target: RegistrationTarget,
    input: RegisterInput,
    hints: ClientHints = {},
  ): Promise<RegisteredPasskey> {
    const parsed = parseRegistrationCredential(input.public_key_credential);
    const challenge = await deps.challenges.consume(project, parsed.clientData.challenge);
    if (!challenge) throw rejected(VERIFICATION_MESSAGES.challenge);
    if (challenge.ceremony !== 'register') throw rejected(VERIFICATION_MESSAGES.ceremonyRegister);
    if (challenge.user_id !== target.userId) throw rejected(VERIFICATION_MESSAGES.session);
    // A challenge issued to a session is finished by that session only; the browser's needs one.
    const boundTo = challenge.session_id;
    if (
      target.bindToSession
        ? boundTo !== target.session?.id
        : boundTo !== null && boundTo !== target.session?.id
    )
      throw rejected(VERIFICATION_MESSAGES.session);
    checkClientData(project, challenge, parsed.clientData, 'webauthn.create');
    checkAuthenticatorData(parsed.authData, challenge);

    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: parsed.json,
        expectedChallenge: parsed.clientData.challenge,
        expectedOrigin: parsed.clientData.origin,
        expectedRPID: challenge.rp_id,
        expectedType: 'webauthn.create',
        requireUserPresence: true,
        requireUserVerification: challenge.user_verification === 'required',
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
    } catch (error) {
      throw asVerificationFailure(error);
    }
    const info = verification.registrationInfo;
    if (!verification.verified || !info) throw rejected(VERIFICATION_MESSAGES.attestation);

    return inTransaction(db, async (trx) => {
      const now = clock.now();
      const { userId } = target;
      // Challenges from before handles were recorded named the user id.
      if (!(await userHandleStill(trx, project.id, userId, challenge.user_handle ?? userId)))
        throw rejected(VERIFICATION_MESSAGES.userHandleChanged);
      if ((await countUserRegistrations(trx, project.id, userId)) >= MAX_REGISTRATIONS_PER_USER)
        throw tooManyRegistrations();
      const userAgent = challenge.user_agent ?? '';
      const name = newRegistrationName({
        aaguid: parsed.aaguid,
        userAgent,
        hints,
        taken: await listUserRegistrationNames(trx, project.id, userId),
      });
      const registration = await insertRegistrationIfAbsent(trx, {
        id: newId('webauthnRegistration', project.environment, deps.random),
        project_id: project.id,
        user_id: userId,
        credential_id: parsed.credentialId,
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        sign_count: info.credential.counter,
        transports: toJson(parsed.transports),
        backup_eligible: parsed.authData.flags.be,
        backed_up: parsed.authData.flags.bs,
        domain: challenge.rp_id,
        user_agent: userAgent,
        authenticator_type:
          parsed.authenticatorAttachment || storedAuthenticatorType(challenge.authenticator_type),
        name,
        aaguid: parsed.aaguid,
        created_at: now,
        last_authenticated_at: null,
      });
      if (!registration) throw rejected(VERIFICATION_MESSAGES.alreadyRegistered);
      await announceFactor(trx, deps.events, 'factor.added', {
        projectId: project.id,
        userId,
        factorType: 'webauthn_registration',
        factorId: registration.id,
        now,
        actor: target.actor,
      });
      const factor = webauthnFactor(registration, now);
      if (target.session) {
        const touched = await deps.sessions.addFactor(
          trx,
          project,
          target.session.id,
          factor,
          input.session_duration_minutes,
        );
        return { registration, session: touched };
      }
      if (!target.newSession) return { registration, session: undefined };
      // Proving a new passkey signs its user in, as signing in with it does: a pending user becomes active.
      await userDirectory.activate(trx, userId, now);
      const created = await deps.sessions.create(trx, {
        project,
        userId,
        factor,
        durationMinutes: input.session_duration_minutes,
        attributes: target.newSession,
      });
      return { registration, session: created.row, newToken: created.token };
    });
  }

  return {
    /** Creation options for the signed-in user; the challenge is bound to the session. */
    start: (project: Project, session: SessionRow, input: RegisterStartInput) =>
      startFor(project, { userId: session.user_id, sessionId: session.id }, input),

    /** Creation options for a user the server API names (404 user_not_found); bound to no session. */
    startForUser: (project: Project, userId: string, input: RegisterStartInput) =>
      startFor(project, { userId }, input),

    /** Verifies a creation response for the presenting session, which gains the factor. */
    async finish(project: Project, session: SessionRow, input: RegisterInput, hints: ClientHints = {}) {
      const target = { userId: session.user_id, session, bindToSession: true };
      const { registration, session: touched } = await finishFor(project, target, input, hints);
      // Cannot happen (the target has a session); keeps the browser's answer typed as signed in.
      if (!touched) throw new ApiError('session_not_found');
      return { registration, session: touched };
    },

    /** Verifies a creation response for the server API's `target`. */
    finishFor,
  };
}

/** The registration service. */
export type WebauthnRegisterService = ReturnType<typeof createWebauthnRegisterService>;
