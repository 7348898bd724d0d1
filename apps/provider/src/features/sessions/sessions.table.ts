/** @module sessions.table — sessions; the opaque token is stored only as a SHA-256 hash. */
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';

/** One authentication factor as the wire shows it (wire/objects.md AuthenticationFactor). */
export interface AuthenticationFactor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  crypto_wallet_factor?: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
  };
  authenticator_app_factor?: { totp_id: string };
  recovery_code_factor?: { totp_recovery_code_id: string };
  /** OAuth: `{provider}_oauth_factor`, e.g. `google_oauth_factor` (wire/objects.md). */
  [oauthFactor: `${string}_oauth_factor`]: OAuthFactorDetail | undefined;
}

/** The detail of an OAuth factor; `email_id` only when the identity came with an address of the user. */
export interface OAuthFactorDetail {
  /** The oauth_user_registration_id. */
  id: string;
  email_id?: string;
  provider_subject: string;
}

/** Columns of `sessions`. Valid while revoked_at is null and expires_at is ahead. */
export interface SessionsTable {
  id: string;
  project_id: string;
  user_id: string;
  token_hash: string;
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  /** No extension moves expires_at past this (absolute lifetime, SECURITY D4). */
  absolute_expires_at: Date;
  authentication_factors: JsonColumn<AuthenticationFactor[]>;
  ip_address: string;
  user_agent: string;
  revoked_at: Date | null;
  /** The session's custom claims (session-custom-claims.ts): on the Session object and in every JWT of it. */
  custom_claims: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
