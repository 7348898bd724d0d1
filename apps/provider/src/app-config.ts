/** @module app-config — the parts of ProviderConfig the app reads; each feature plugin reads its own slice. */
import type { ProviderConfig } from './config.js';

/** The parts of ProviderConfig the app reads. */
export type AppConfig = Pick<ProviderConfig, 'mode' | 'issuer' | 'keyEncryptionSecret'> &
  Partial<
    Pick<
      ProviderConfig,
      | 'operatorKey'
      | 'dataDir'
      | 'sendLimitOverrides'
      | 'breachedPasswordsRangeUrl'
      | 'publicUrl'
      | 'ethereumRpcUrls'
      | 'recaptcha'
      | 'clientAddress'
      | 'requestLog'
      | 'auditRetentionDays'
      | 'metrics'
      | 'retention'
      | 'mailFrom'
    >
  > & {
    /**
     * Serve the development OpenID issuer at /dev/oidc and sign the development project in through
     * it (main.ts: in development). Never honoured when `mode` is production.
     */
    devOidcIssuer?: boolean;
    /** The admin console's build (apps/console/dist/site), served at /console/; absent: no console. */
    consoleDir?: string;
  };

/** LATCHKEY_PUBLIC_URL's default (docs/contracts.md "Development defaults"). */
const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

/** The URL browsers reach the provider at. */
export function publicUrlOf(config: AppConfig): string {
  return config.publicUrl ?? DEFAULT_PUBLIC_URL;
}

/** LATCHKEY_MAIL_FROM's default, as loadConfig has it. */
const DEFAULT_MAIL_FROM = 'Latchkey <no-reply@localhost>';

/** The deployment's From (LATCHKEY_MAIL_FROM): what a project without its own sender sends as. */
export function mailFromConfigOf(config: AppConfig): string {
  return config.mailFrom ?? DEFAULT_MAIL_FROM;
}
