/** @module console-policy — how the provider serves the console: its CSP and caching. */

/**
 * Scripts and connections only from the provider itself (the console's bundle and its API); the
 * widget adds `<style>` elements, so styles may be inline; no page may frame the console
 * (clickjacking of destructive actions), and no form posts anywhere else.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed assets never change under their name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The page names the current assets: always revalidated. */
export const PAGE_CACHE_CONTROL = 'no-cache';
