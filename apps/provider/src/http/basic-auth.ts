/** @module basic-auth — strict parsing of `Authorization: Basic base64(user:secret)`. */

/** The two halves of Basic credentials. */
export interface BasicCredentials {
  username: string;
  password: string;
}

const MAX_PART = 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Parses a Basic Authorization header; null when missing or garbled. Splits at the first colon
 * (wire/README.md) and requires both halves to be non-empty.
 */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  if (header === undefined) return null;
  const match = /^Basic[ ]+(\S+)\s*$/i.exec(header);
  const encoded = match?.[1];
  if (!encoded || encoded.length % 4 !== 0 || !BASE64.test(encoded)) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (username.length > MAX_PART || password.length > MAX_PART) return null;
  // Control characters never appear in tokens; their presence means a mangled header.
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return { username, password };
}
