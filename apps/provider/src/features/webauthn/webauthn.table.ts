/** @module webauthn.table — the webauthn_registrations and webauthn_challenges tables. */
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { SingleUseColumns, UserOwnedColumns } from '../../db/shared-columns.js';

/** `platform` / `cross-platform` as the browser reported it, or `''` when it did not. */
export type AuthenticatorType = '' | 'platform' | 'cross-platform';

/**
 * Columns of `webauthn_registrations`: one registered credential (passkey or security key); id:
 * the wire `webauthn_registration_id`.
 */
export interface WebauthnRegistrationsTable extends UserOwnedColumns {
  /** base64url (unpadded) of the credential id; unique per project. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  /** bigint: the pg driver reads it as a string, PGlite as a number; write numbers, read with Number(). */
  sign_count: ColumnType<string | number | bigint, number, number>;
  transports: JsonColumn<string[]>;
  /** BE flag at registration; it may never change afterwards (WebAuthn L3 §6.1.3). */
  backup_eligible: boolean;
  /** BS flag of the latest ceremony. */
  backed_up: boolean;
  /** The RP ID the credential is scoped to. */
  domain: string;
  user_agent: string;
  authenticator_type: AuthenticatorType;
  name: string;
  aaguid: string;
  last_authenticated_at: Date | null;
}

/** Which ceremony a challenge was issued for. */
export type WebauthnCeremony = 'register' | 'primary' | 'secondary';

/** Columns of `webauthn_challenges`: one issued challenge, single use. */
export interface WebauthnChallengesTable extends SingleUseColumns<'consumed_at'> {
  /** SHA-256 (base64url) of the challenge as the browser echoes it in clientDataJSON. */
  challenge_hash: string;
  project_id: string;
  ceremony: WebauthnCeremony;
  rp_id: string;
  /**
   * The user and session a challenge is bound to: both for `secondary` and the browser's
   * `register`; the user only for the server API's `register` and its user-scoped `primary`;
   * neither for an open `primary` (any discoverable credential).
   */
  user_id: string | null;
  session_id: string | null;
  user_verification: 'required' | 'preferred';
  /** register only: what the caller asked for, used when the response does not say. */
  authenticator_type: string | null;
  user_agent: string | null;
  /** register only: the user handle the options named (null before it was recorded: the user id). */
  user_handle: ColumnType<string | null, string | null | undefined, string | null>;
}

export type WebauthnRegistrationRow = Selectable<WebauthnRegistrationsTable>;
export type NewWebauthnRegistrationRow = Insertable<WebauthnRegistrationsTable>;
export type WebauthnChallengeRow = Selectable<WebauthnChallengesTable>;
export type NewWebauthnChallengeRow = Insertable<WebauthnChallengesTable>;
