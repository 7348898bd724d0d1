/** @module rp-id — which RP IDs (the `domain` of a start call) and clientDataJSON origins a project accepts. */
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isOriginAllowed } from '../projects/project-policy.js';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A DNS name as a browser accepts for an RP ID: ASCII (punycode) labels, at most 253
 * characters, and not an IP address (Chromium refuses IP RP IDs; wire/endpoints.md).
 */
function isDomainName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  // A last label of digits only is an IPv4 address, never a host name.
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

/** The host name of an origin, or undefined when it is no URL. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}

/** Whether `host` is `rpId` or a subdomain of it (WebAuthn "registrable domain suffix", without the public-suffix list). */
function isUnder(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

/** Whether the project accepts `rpId`: see requireAllowedRpId. */
export function isRpIdAllowed(project: Project, rpId: string): boolean {
  if (!isDomainName(rpId)) return false;
  if (project.isDev && rpId === 'localhost') return true;
  // A parent domain needs two labels at least, so no project can claim a top-level domain
  // (`com`). Browsers also refuse public suffixes such as `co.uk` themselves.
  const parentAllowed = rpId.includes('.');
  return project.allowedOrigins.some((origin) => {
    const host = hostOf(origin);
    return host !== undefined && (host === rpId || (parentAllowed && isUnder(host, rpId)));
  });
}

/**
 * The RP ID for the `domain` of a start call, lower-cased, or 400 invalid_request. Development
 * projects accept `localhost`; every project accepts the host name of one of its allowed
 * origins, or a parent domain of it (docs/contracts.md "Passkeys").
 */
export function requireAllowedRpId(project: Project, domain: string): string {
  const rpId = domain.toLowerCase();
  if (isRpIdAllowed(project, rpId)) return rpId;
  throw new ApiError('invalid_request', {
    message: project.isDev
      ? `The domain "${domain}" is not allowed for passkeys here: use localhost, or the host name of one of the project's allowed origins (IP addresses cannot be RP IDs).`
      : `The domain "${domain}" is not allowed for passkeys: use the host name of one of the project's allowed origins, or a parent domain of it.`,
  });
}

/**
 * Whether a clientDataJSON origin fits the ceremony: an origin the project accepts (development
 * projects: any http://localhost:PORT) whose host is the RP ID or under it.
 */
export function isOriginAllowedForRpId(project: Project, origin: string, rpId: string): boolean {
  if (!isOriginAllowed(project, origin)) return false;
  const host = hostOf(origin);
  return host !== undefined && isUnder(host, rpId);
}
