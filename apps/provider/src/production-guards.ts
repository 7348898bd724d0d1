/**
 * @module production-guards — what NODE_ENV=production refuses to start without (issue 23): each
 * problem a sentence naming the variable and what to set, all of them at once, so a deployment is
 * fixed in one round rather than one restart per mistake.
 */
import { BlockList, isIP } from 'node:net';
import { normalizeIp } from './http/ip-address.js';

/** The shortest key-encryption secret production accepts: 32 characters, as `openssl rand -base64 32` gives 44. */
export const MIN_KEY_ENCRYPTION_SECRET_LENGTH = 32;

/** What the guards read: the parsed settings, and whether LATCHKEY_TRUSTED_PROXIES was set at all. */
export interface ProductionSettings {
  host: string;
  /** LATCHKEY_PUBLIC_URL as given; undefined when unset (the http://localhost default). */
  publicUrl: string | undefined;
  keyEncryptionSecret: string | undefined;
  smtpUrl: string | undefined;
  trustedProxiesSet: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True when `host` only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  const address = normalizeIp(bare);
  if (address === undefined || isIP(address) === 0) return false;
  return LOOPBACK.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** The sentences of every production requirement `settings` misses; empty when it can start. */
export function productionProblems(settings: ProductionSettings): string[] {
  const problems: string[] = [];
  const publicUrl = settings.publicUrl;
  if (publicUrl === undefined || !URL.canParse(publicUrl) || new URL(publicUrl).protocol !== 'https:') {
    problems.push(
      `LATCHKEY_PUBLIC_URL must be the https:// address people reach this provider at (e.g. https://auth.example.com)${publicUrl === undefined ? '; it is unset' : `, got "${publicUrl}"`}: session cookies, OAuth callbacks and links in emails are built from it`,
    );
  }
  if (settings.smtpUrl === undefined) {
    problems.push(
      'SMTP_URL is required (the dev outbox is development-only): set it to smtp://user:pass@mail.example.com:587 (STARTTLS) or smtps://…',
    );
  }
  const secret = settings.keyEncryptionSecret;
  if (secret === undefined) {
    problems.push(
      'LATCHKEY_KEY_ENCRYPTION_SECRET is unset: set it to a random secret of 32 characters or more (e.g. openssl rand -base64 32) so signing keys and OAuth client secrets are stored sealed',
    );
  } else if (secret.length < MIN_KEY_ENCRYPTION_SECRET_LENGTH) {
    problems.push(
      `LATCHKEY_KEY_ENCRYPTION_SECRET must be at least ${MIN_KEY_ENCRYPTION_SECRET_LENGTH} characters (e.g. openssl rand -base64 32)`,
    );
  }
  if (!isLoopbackHost(settings.host) && !settings.trustedProxiesSet) {
    problems.push(
      `HOST=${settings.host} listens beyond loopback, so LATCHKEY_TRUSTED_PROXIES must say who may forward client addresses: your reverse proxies' addresses or ranges (e.g. 10.0.0.0/8), or 0 if clients connect to the provider directly`,
    );
  }
  return problems;
}
