/** @module session/cookie-store — reads and writes the session cookies with the wire's names and attributes. */

import type { Clock, CookieJar, LocationLike, Logger, ResolvedOptions } from '../options.js';

/** How long the intermediate session token cookie lives (spec §9). */
export const IST_COOKIE_LIFETIME_MS: number = 10 * 60 * 1000;
/** Delay before checking that a written cookie stuck (wire `client-state.md`, cookies). */
export const COOKIE_VERIFY_DELAY_MS = 10;

const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** Browsers accept Secure cookies on these hosts only over https, except loopback (wire `client-state.md`). */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** Dependencies of the cookie store. */
export interface CookieStoreDeps {
  jar: CookieJar;
  options: ResolvedOptions['cookieOptions'];
  location: LocationLike;
  clock: Clock;
  logger: Logger;
}

/** The session, JWT and intermediate-token cookies, written from page JavaScript. */
export class CookieStore {
  readonly #deps: CookieStoreDeps;
  /** The pending write check of each cookie name. */
  readonly #checks = new Map<string, unknown>();
  readonly #warned = new Set<string>();

  constructor(deps: CookieStoreDeps) {
    this.#deps = deps;
  }

  /** Every value the jar holds for `name`, in the browser's order (duplicates differ in Domain/Path). */
  getAll(name: string): string[] {
    const values: string[] = [];
    for (const part of this.#deps.jar.get().split(';')) {
      const separator = part.indexOf('=');
      if (separator >= 0 && part.slice(0, separator).trim() === name)
        values.push(part.slice(separator + 1).trim());
    }
    return values;
  }

  /** The first value for `name`, or null (empty values count as absent). */
  get(name: string): string | null {
    return this.getAll(name)[0] || null;
  }

  /** The opaque session token, read per request (the cookie is the source of truth). */
  sessionToken(): string | null {
    return this.get(this.#deps.options.opaqueTokenCookieName);
  }

  /** The session JWT. */
  sessionJwt(): string | null {
    return this.get(this.#deps.options.jwtCookieName);
  }

  /** The intermediate session token. */
  intermediateToken(): string | null {
    return this.get(this.#deps.options.istCookieName);
  }

  /** Writes both session cookies, expiring with the session. */
  writeSession(sessionToken: string, sessionJwt: string, expiresAt: string): void {
    const expires = new Date(expiresAt);
    this.#write(this.#deps.options.opaqueTokenCookieName, sessionToken, expires);
    this.#write(this.#deps.options.jwtCookieName, sessionJwt, expires);
  }

  /** Writes the intermediate token for 10 minutes. */
  writeIntermediate(token: string): void {
    this.#write(
      this.#deps.options.istCookieName,
      token,
      new Date(this.#deps.clock.now() + IST_COOKIE_LIFETIME_MS),
    );
  }

  /** Removes both session cookies. */
  removeSession(): void {
    this.#remove(this.#deps.options.opaqueTokenCookieName);
    this.#remove(this.#deps.options.jwtCookieName);
  }

  /** Removes the intermediate token cookie. */
  removeIntermediate(): void {
    this.#remove(this.#deps.options.istCookieName);
  }

  /** Cancels pending write checks. */
  destroy(): void {
    for (const timer of this.#checks.values()) this.#deps.clock.clearTimeout(timer);
    this.#checks.clear();
  }

  #cancelCheck(name: string): void {
    const timer = this.#checks.get(name);
    if (timer === undefined) return;
    this.#deps.clock.clearTimeout(timer);
    this.#checks.delete(name);
  }

  #domainAttribute(): string | undefined {
    const { availableToSubdomains, domain } = this.#deps.options;
    return availableToSubdomains ? (domain ?? this.#deps.location.hostname) : undefined;
  }

  #serialize(name: string, value: string, expires: Date): string {
    const parts = [`${name}=${value}`, `Path=${this.#deps.options.path}`];
    if (!Number.isNaN(expires.getTime())) parts.push(`Expires=${expires.toUTCString()}`);
    const domain = this.#domainAttribute();
    if (domain) parts.push(`Domain=${domain}`);
    parts.push('SameSite=Lax');
    if (!isLoopbackHostname(this.#deps.location.hostname)) parts.push('Secure');
    return parts.join('; ');
  }

  #write(name: string, value: string, expires: Date): void {
    const cookie = this.#serialize(name, value, expires);
    this.#cancelCheck(name);
    this.#deps.jar.set(cookie);
    // Some browsers and extensions drop a cookie written right after a removal; check and retry once.
    const timer = this.#deps.clock.setTimeout(() => {
      this.#checks.delete(name);
      const values = this.getAll(name);
      if (!values.includes(value)) this.#deps.jar.set(cookie);
      else if (values.length > 1) this.#warnDuplicates(name);
    }, COOKIE_VERIFY_DELAY_MS);
    this.#checks.set(name, timer);
  }

  /** Expires the cookie under every (subdomain on/off × path/none × domain/none) variant it may have been set with. */
  #remove(name: string): void {
    // A check still pending from the last write would bring back what this removes: a refresh
    // answered a few ms before a sign-out's revoke would re-create the revoked session's cookies.
    this.#cancelCheck(name);
    const { path, domain } = this.#deps.options;
    const variants = new Set<string>();
    for (const subdomains of [true, false]) {
      for (const withPath of [true, false]) {
        for (const withDomain of [true, false]) {
          const parts = [`${name}=`, `Expires=${EPOCH}`];
          if (withPath) parts.push(`Path=${path}`);
          if (subdomains)
            parts.push(`Domain=${(withDomain ? domain : undefined) ?? this.#deps.location.hostname}`);
          variants.add(parts.join('; '));
        }
      }
    }
    for (const cookie of variants) this.#deps.jar.set(cookie);
    if (this.get(name) !== null) this.#warnDuplicates(name);
  }

  /** A same-name cookie from another Domain/Path would shadow ours (spec §8 warning). */
  #warnDuplicates(name: string): void {
    if (this.#warned.has(name)) return;
    this.#warned.add(name);
    this.#deps.logger.warn(
      `Latchkey: found duplicate cookies named "${name}" that cannot be removed. They were probably set ` +
        'with another Domain or Path (for example by an app on a parent domain). Check cookieOptions ' +
        '(path, domain, availableToSubdomains) or clear the stale cookie.',
    );
  }
}
