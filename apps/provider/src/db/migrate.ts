/** @module migrate — runs the in-code list of migrations on start, so it works from dist/ too. */
import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationProvider,
  type MigrationResult,
  Migrator,
  sql,
} from 'kysely';
import type { Db } from './database.js';
import * as createProjects from './migrations/2026_11_22_090000_create_projects.js';
import * as createUsers from './migrations/2026_11_22_090100_create_users.js';
import * as createMagicLinks from './migrations/2026_11_22_090200_create_magic_links.js';
import * as createSessions from './migrations/2026_11_22_090300_create_sessions.js';
import * as createSigningKeys from './migrations/2026_11_22_090400_create_signing_keys.js';
import * as createOutboxMessages from './migrations/2026_11_22_090500_create_outbox_messages.js';
import * as createSdkEvents from './migrations/2026_11_22_090600_create_sdk_events.js';
import * as createRateLimitBuckets from './migrations/2026_11_22_100000_create_rate_limit_buckets.js';
import * as addProjectsSendLimits from './migrations/2026_11_22_100100_add_projects_send_limits.js';
import * as createPhoneNumbers from './migrations/2026_11_22_110000_create_phone_numbers.js';
import * as createOtpCodes from './migrations/2026_11_22_110100_create_otp_codes.js';
import * as addProjectsOtpExpirationMinutes from './migrations/2026_11_22_110200_add_projects_otp_expiration_minutes.js';
import * as createPasswords from './migrations/2026_11_22_120000_create_passwords.js';
import * as addPasswordsId from './migrations/2026_11_22_120100_add_passwords_id.js';
import * as createWebauthn from './migrations/2026_11_22_130000_create_webauthn.js';
import * as createOauth from './migrations/2026_11_24_100000_create_oauth.js';
import * as createOauthOneTap from './migrations/2026_11_24_110000_create_oauth_one_tap.js';
import * as createCryptoWallets from './migrations/2026_11_24_120000_create_crypto_wallets.js';
import * as createTotps from './migrations/2026_11_24_130000_create_totps.js';
import * as addProjectsCaptcha from './migrations/2026_11_24_130100_add_projects_captcha.js';
import * as addTotpRecoveryCodesSelector from './migrations/2026_11_25_090000_add_totp_recovery_codes_selector.js';
import * as createPasswordLockouts from './migrations/2026_11_26_090000_create_password_lockouts.js';
import * as addOtpCodesRequestedBy from './migrations/2026_11_26_090100_add_otp_codes_requested_by.js';
import * as createSecondFactorLockouts from './migrations/2026_11_26_100000_create_second_factor_lockouts.js';
import * as createDeliveryJobs from './migrations/2026_11_26_110000_create_delivery_jobs.js';
import * as createPasscodeFailures from './migrations/2026_11_26_120000_create_passcode_failures.js';
import * as addProjectsVertical from './migrations/2026_11_27_060000_add_projects_vertical.js';
import * as notifySessionCheckChanges from './migrations/2026_11_28_010000_notify_session_check_changes.js';
import * as createWebhooks from './migrations/2026_12_01_050000_create_webhooks.js';
import * as addProjectAdministration from './migrations/2026_12_01_060000_add_project_administration.js';
import * as addSessionCustomClaims from './migrations/2026_12_01_070000_add_session_custom_claims.js';
import * as createAuditEvents from './migrations/2026_12_01_080000_create_audit_events.js';
import * as addUserExternalIdAndRoles from './migrations/2026_12_02_020000_add_user_external_id_and_roles.js';
import * as addProjectSenders from './migrations/2026_12_02_030000_add_project_senders.js';
import * as addOperatorAudit from './migrations/2026_12_02_031000_add_operator_audit.js';
import * as notifyWebhookEndpointChanges from './migrations/2026_12_02_050000_notify_webhook_endpoint_changes.js';
import * as createConsoleOperators from './migrations/2026_12_02_060000_create_console_operators.js';
import * as createActivityCounts from './migrations/2026_12_02_070000_create_activity_counts.js';
import * as addUserSearchIndexes from './migrations/2026_12_02_070100_add_user_search_indexes.js';
import * as addConsoleOperatorSignIns from './migrations/2026_12_03_020000_add_console_operator_sign_ins.js';
import * as allowServerWebauthnChallenges from './migrations/2026_12_04_020000_allow_server_webauthn_challenges.js';
import * as addRetentionIndexes from './migrations/2026_12_04_050000_add_retention_indexes.js';
import * as addServerCryptoWalletChallenges from './migrations/2026_12_05_010000_add_server_crypto_wallet_challenges.js';
import * as addWebauthnUserHandles from './migrations/2026_12_06_010000_add_webauthn_user_handles.js';

/** Every migration, keyed by its file name; add new files here (never edit old ones). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_090000_create_projects': createProjects,
  '2026_11_22_090100_create_users': createUsers,
  '2026_11_22_090200_create_magic_links': createMagicLinks,
  '2026_11_22_090300_create_sessions': createSessions,
  '2026_11_22_090400_create_signing_keys': createSigningKeys,
  '2026_11_22_090500_create_outbox_messages': createOutboxMessages,
  '2026_11_22_090600_create_sdk_events': createSdkEvents,
  '2026_11_22_100000_create_rate_limit_buckets': createRateLimitBuckets,
  '2026_11_22_100100_add_projects_send_limits': addProjectsSendLimits,
  '2026_11_22_110000_create_phone_numbers': createPhoneNumbers,
  '2026_11_22_110100_create_otp_codes': createOtpCodes,
  '2026_11_22_110200_add_projects_otp_expiration_minutes': addProjectsOtpExpirationMinutes,
  '2026_11_22_120000_create_passwords': createPasswords,
  '2026_11_22_120100_add_passwords_id': addPasswordsId,
  '2026_11_22_130000_create_webauthn': createWebauthn,
  '2026_11_24_100000_create_oauth': createOauth,
  '2026_11_24_110000_create_oauth_one_tap': createOauthOneTap,
  '2026_11_24_120000_create_crypto_wallets': createCryptoWallets,
  '2026_11_24_130000_create_totps': createTotps,
  '2026_11_24_130100_add_projects_captcha': addProjectsCaptcha,
  '2026_11_25_090000_add_totp_recovery_codes_selector': addTotpRecoveryCodesSelector,
  '2026_11_26_090000_create_password_lockouts': createPasswordLockouts,
  '2026_11_26_090100_add_otp_codes_requested_by': addOtpCodesRequestedBy,
  '2026_11_26_100000_create_second_factor_lockouts': createSecondFactorLockouts,
  '2026_11_26_110000_create_delivery_jobs': createDeliveryJobs,
  '2026_11_26_120000_create_passcode_failures': createPasscodeFailures,
  '2026_11_27_060000_add_projects_vertical': addProjectsVertical,
  '2026_11_28_010000_notify_session_check_changes': notifySessionCheckChanges,
  '2026_12_01_050000_create_webhooks': createWebhooks,
  '2026_12_01_060000_add_project_administration': addProjectAdministration,
  '2026_12_01_070000_add_session_custom_claims': addSessionCustomClaims,
  '2026_12_01_080000_create_audit_events': createAuditEvents,
  '2026_12_02_020000_add_user_external_id_and_roles': addUserExternalIdAndRoles,
  '2026_12_02_030000_add_project_senders': addProjectSenders,
  '2026_12_02_031000_add_operator_audit': addOperatorAudit,
  '2026_12_02_050000_notify_webhook_endpoint_changes': notifyWebhookEndpointChanges,
  '2026_12_02_060000_create_console_operators': createConsoleOperators,
  '2026_12_02_070000_create_activity_counts': createActivityCounts,
  '2026_12_02_070100_add_user_search_indexes': addUserSearchIndexes,
  '2026_12_03_020000_add_console_operator_sign_ins': addConsoleOperatorSignIns,
  '2026_12_04_020000_allow_server_webauthn_challenges': allowServerWebauthnChallenges,
  '2026_12_04_050000_add_retention_indexes': addRetentionIndexes,
  '2026_12_05_010000_add_server_crypto_wallet_challenges': addServerCryptoWalletChallenges,
  '2026_12_06_010000_add_webauthn_user_handles': addWebauthnUserHandles,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Thrown when a migration fails; carries the per-migration results. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    message: string,
    readonly results: MigrationResult[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * True when the database has applied exactly the migrations this build knows, read in one
 * statement that returns one row. Kysely's Migrator would otherwise create its tables if
 * missing, take its lock and read the list in a transaction: a dozen statements on every start.
 * A missing table (a fresh database) or any other error means "not known to be current".
 */
async function isAtLatest(db: Db): Promise<boolean> {
  const expected = Object.keys(migrations).sort().join(',');
  try {
    const { rows } = await sql<{ names: string | null }>`
      select string_agg(name, ',' order by name collate "C") as names from ${sql.table(DEFAULT_MIGRATION_TABLE)}
    `.execute(db);
    return rows[0]?.names === expected;
  } catch {
    return false;
  }
}

/** Migrates the database to the latest version; returns the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isAtLatest(db)) return [];
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`migration ${failed} failed`, results, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
