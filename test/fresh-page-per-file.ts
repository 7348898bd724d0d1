/**
 * @module fresh-page-per-file — gives each test file of a shared-module-graph jsdom project
 * (`isolate: false`, vitest.config.ts) the page a fresh jsdom would: no cookies, empty storage,
 * an empty head and body, no stubbed globals left by the file before, and no leftover attributes
 * on `<html>`. Files that replace modules (`vi.mock` …) still get their own graph.
 */
import { afterAll, vi } from 'vitest';

function freshPage(): void {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A file may run in another environment (`@vitest-environment node`): no page to clean.
  if (typeof document === 'undefined') return;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar has no other way to forget a cookie
    if (name) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  document.adoptedStyleSheets = [];
}

freshPage();
afterAll(freshPage);
