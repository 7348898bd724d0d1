/** @module database — the Database interface: every table the provider owns. */
import type { Kysely, Transaction as KyselyTransaction } from 'kysely';
import type { ActivityCountsTable } from '../activity/activity-counts.table.js';
import type { DeliveryJobsTable } from '../delivery/delivery-jobs.table.js';
import type { AuditEventsTable } from '../features/audit-log/audit-events.table.js';
import type { CaptchaTokensTable } from '../features/captcha/captcha-tokens.table.js';
import type {
  CryptoWalletChallengesTable,
  CryptoWalletsTable,
} from '../features/crypto-wallets/crypto-wallets.table.js';
import type { SdkEventsTable } from '../features/events/events.table.js';
import type { MagicLinksTable } from '../features/magic-links/magic-links.table.js';
import type { IntermediateSessionsTable } from '../features/mfa/intermediate-sessions.table.js';
import type {
  SecondFactorFailuresTable,
  SecondFactorLockoutsTable,
} from '../features/mfa/second-factor-lockouts.table.js';
import type {
  OAuthProviderConfigsTable,
  OAuthRegistrationsTable,
  OAuthStatesTable,
  OAuthTokensTable,
} from '../features/oauth/oauth.table.js';
import type { OAuthOneTapCallbacksTable } from '../features/oauth-one-tap/oauth-one-tap.table.js';
import type {
  ConsoleOperatorsTable,
  OperatorProjectTable,
} from '../features/operator-keys/console-operators.table.js';
import type { OperatorKeysTable } from '../features/operator-keys/operator-keys.table.js';
import type { OtpCodesTable } from '../features/otps/otps.table.js';
import type { PasscodeFailuresTable } from '../features/otps/passcode-failures.table.js';
import type { OutboxMessagesTable } from '../features/outbox/outbox.table.js';
import type {
  LoginFailuresTable,
  PasswordLockoutsTable,
  PasswordResetsTable,
  PasswordsTable,
} from '../features/passwords/passwords.table.js';
import type { PhoneNumbersTable } from '../features/phone-numbers/phone-numbers.table.js';
import type { ProjectsTable } from '../features/projects/projects.table.js';
import type { SessionsTable } from '../features/sessions/sessions.table.js';
import type { SigningKeysTable } from '../features/signing-keys/signing-keys.table.js';
import type { TotpRecoveryCodesTable, TotpsTable } from '../features/totps/totps.table.js';
import type { EmailsTable, UsersTable } from '../features/users/users.table.js';
import type {
  WebauthnChallengesTable,
  WebauthnRegistrationsTable,
} from '../features/webauthn/webauthn.table.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../features/webhooks/webhooks.table.js';
import type { RateLimitBucketsTable } from '../rate-limit/rate-limit-buckets.table.js';

/** Table name → columns, for Kysely. */
export interface Database {
  projects: ProjectsTable;
  users: UsersTable;
  emails: EmailsTable;
  magic_links: MagicLinksTable;
  sessions: SessionsTable;
  signing_keys: SigningKeysTable;
  outbox_messages: OutboxMessagesTable;
  sdk_events: SdkEventsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  phone_numbers: PhoneNumbersTable;
  otp_codes: OtpCodesTable;
  passcode_failures: PasscodeFailuresTable;
  passwords: PasswordsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  password_lockouts: PasswordLockoutsTable;
  webauthn_registrations: WebauthnRegistrationsTable;
  webauthn_challenges: WebauthnChallengesTable;
  oauth_provider_configs: OAuthProviderConfigsTable;
  oauth_states: OAuthStatesTable;
  oauth_registrations: OAuthRegistrationsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_one_tap_callbacks: OAuthOneTapCallbacksTable;
  crypto_wallets: CryptoWalletsTable;
  crypto_wallet_challenges: CryptoWalletChallengesTable;
  totps: TotpsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  intermediate_sessions: IntermediateSessionsTable;
  second_factor_failures: SecondFactorFailuresTable;
  second_factor_lockouts: SecondFactorLockoutsTable;
  captcha_tokens: CaptchaTokensTable;
  delivery_jobs: DeliveryJobsTable;
  audit_events: AuditEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  operator_keys: OperatorKeysTable;
  operator_project: OperatorProjectTable;
  console_operators: ConsoleOperatorsTable;
  activity_counts: ActivityCountsTable;
}

/** The database handle services receive. */
export type Db = Kysely<Database>;

/** Either the database or an open transaction; repositories take this as their first parameter. */
export type DbExecutor = Kysely<Database> | KyselyTransaction<Database>;

/** An open transaction. */
export type Transaction = KyselyTransaction<Database>;
