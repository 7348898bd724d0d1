/** @module project-policy — which origins and redirect URLs a project accepts. */
import type { Project } from './project.js';

// docs/contracts.md: the dev project accepts any http://localhost:PORT / http://127.0.0.1:PORT.
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1):([1-9]\d{0,4})$/;
const LOCAL_URL_PREFIX = /^http:\/\/(localhost|127\.0\.0\.1):([1-9]\d{0,4})(?=[/?#]|$)/;
// Printable ASCII without space or backslash: whitespace, controls and `\` are classic parser-confusion tricks (SECURITY C2).
const PLAIN_URL_CHARS = /^[\x21-\x5b\x5d-\x7e]+$/;

function validPort(port: string | undefined): boolean {
  return port !== undefined && Number(port) <= 65535;
}

/** True for `http://localhost:PORT` and `http://127.0.0.1:PORT` exactly (no path, no trailing slash). */
export function isLocalDevOrigin(origin: string): boolean {
  const match = LOCAL_ORIGIN.exec(origin);
  return match !== null && validPort(match[2]);
}

/** True for an absolute URL on a local dev origin with no userinfo and no odd characters. */
export function isLocalDevUrl(url: string): boolean {
  if (!PLAIN_URL_CHARS.test(url)) return false;
  const match = LOCAL_URL_PREFIX.exec(url);
  if (match === null || !validPort(match[2])) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.username === '' &&
      parsed.password === '' &&
      (parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1')
    );
  } catch {
    return false;
  }
}

/** Whether `origin` (the Origin header or X-SDK-Parent-Host) may call this project's API. */
export function isOriginAllowed(project: Project, origin: string): boolean {
  return project.allowedOrigins.includes(origin) || (project.isDev && isLocalDevOrigin(origin));
}

/** RFC 9700 §2.1: configured redirect URLs match by exact string comparison only. */
export function isRedirectUrlAllowed(project: Project, url: string): boolean {
  return project.allowedRedirectUrls.includes(url) || (project.isDev && isLocalDevUrl(url));
}
