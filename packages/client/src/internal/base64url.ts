/** @module internal/base64url — base64 and base64url encoding of bytes and UTF-8 text, browser-only APIs. */

function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

/** Standard base64 (with padding) of raw bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinary(bytes));
}

/** base64url without `=` padding (RFC 4648 §5), as PKCE challenges use (RFC 7636 §4.2). */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Standard base64 of a string's UTF-8 bytes (`btoa` alone fails outside Latin-1). */
export function encodeBase64Utf8(text: string): string {
  return encodeBase64(new TextEncoder().encode(text));
}
