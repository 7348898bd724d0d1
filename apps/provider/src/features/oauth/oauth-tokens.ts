/**
 * @module oauth-tokens — issuing the single-use token an OAuth or One Tap sign-in hands to the
 * app in its redirect (docs/contracts.md "Redirect flow"), and reading back what it carries.
 */
import type { Clock } from '../../clock.js';
import { openSecret, sealSecret } from '../../crypto/key-encryption.js';
import { mintToken } from '../../crypto/tokens.js';
import type { DbExecutor } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { OAuthTokenRow } from './oauth.table.js';
import { OAUTH_TOKEN_LIFETIME_MS } from './oauth-policy.js';
import { buildOAuthRedirectUrl } from './oauth-redirect-url.js';
import { insertOAuthToken } from './oauth-tokens.repository.js';
import type { UpstreamTokens } from './upstream/token-exchange.js';

/** 33 random bytes: exactly the 44 base64url characters docs/contracts.md promises. */
const OAUTH_TOKEN_BYTES = 33;

/** What issuing needs: the clock, randomness and LATCHKEY_KEY_ENCRYPTION_SECRET (seals the upstream's tokens). */
export interface OAuthTokenDeps {
  clock: Clock;
  random: Random;
  keyEncryptionSecret: string | undefined;
  /** Where a sign-in that creates a user or links an identity announces it. */
  events?: DomainEventBus;
}

/** One sign-in to hand to the app. */
export interface IssueOAuthTokenInput {
  project: Project;
  userId: string;
  /** The oauth_user_registration_id the sign-in proved. */
  registrationId: string;
  /** The app's PKCE challenge from the start of the flow; null when it sent none. */
  codeChallenge: string | null;
  /** The upstream's tokens, handed over once at redemption (One Tap: only an `id_token`). */
  providerValues: UpstreamTokens | { id_token: string; scopes: string[] };
  /** The login or signup redirect URL, already checked against the project's allow-list. */
  redirectUrl: string;
}

/**
 * Stores a new token (its SHA-256 only) and returns `redirectUrl` with
 * `stytch_token_type=oauth&token={token}`. Pass the transaction that linked the identity, so a
 * failure leaves neither.
 */
export async function issueOAuthToken(
  db: DbExecutor,
  deps: OAuthTokenDeps,
  input: IssueOAuthTokenInput,
): Promise<string> {
  const now = deps.clock.now();
  const { token, hash } = mintToken(deps.random, OAUTH_TOKEN_BYTES);
  const json = JSON.stringify(input.providerValues);
  const secret = deps.keyEncryptionSecret;
  await insertOAuthToken(db, {
    token_hash: hash,
    project_id: input.project.id,
    user_id: input.userId,
    registration_id: input.registrationId,
    redirect_url: input.redirectUrl,
    code_challenge: input.codeChallenge,
    provider_values: secret ? sealSecret(json, secret, deps.random) : json,
    provider_values_encryption: secret ? 'aes-256-gcm' : 'none',
    failed_attempts: 0,
    created_at: now,
    expires_at: new Date(now.getTime() + OAUTH_TOKEN_LIFETIME_MS),
    used_at: null,
    revoked_at: null,
  });
  return buildOAuthRedirectUrl(input.redirectUrl, { token });
}

/** wire `provider_values` of POST /oauth/authenticate. */
export interface WireProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string | null;
}

/** The upstream's tokens a consumed row carried, as the wire shows them (empty strings where there were none). */
export function providerValuesOf(
  row: OAuthTokenRow,
  keyEncryptionSecret: string | undefined,
): WireProviderValues {
  const empty: WireProviderValues = {
    access_token: '',
    id_token: '',
    refresh_token: '',
    scopes: [],
    expires_at: null,
  };
  if (row.provider_values === null) return empty;
  let json = row.provider_values;
  if (row.provider_values_encryption === 'aes-256-gcm') {
    if (!keyEncryptionSecret)
      throw new Error('OAuth provider values are sealed but LATCHKEY_KEY_ENCRYPTION_SECRET is not set');
    json = openSecret(json, keyEncryptionSecret);
  }
  const stored = JSON.parse(json) as Partial<UpstreamTokens>;
  return {
    access_token: stored.access_token ?? '',
    id_token: stored.id_token ?? '',
    refresh_token: stored.refresh_token ?? '',
    scopes: stored.scopes ?? [],
    expires_at: stored.expires_at ?? null,
  };
}
