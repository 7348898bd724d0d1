/**
 * Intent-named steps of a sign-in through the development OpenID issuer, driven like a browser:
 * the provider's pages through inject, while the provider itself calls its issuer over real HTTP
 * (discovery, JWKS, token), so the app listens on a loopback port named by its public URL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { fileScoped } from './file-scoped.js';
import { freePort } from './free-port.js';
import { stateCookieOf } from './oauth-helpers.js';
import { createTestContext, type TestContext } from './test-app.js';

/** A development-mode provider with its issuer, listening at its public URL. */
async function createDevIssuerContext(): Promise<TestContext> {
  const port = await freePort();
  const ctx = await createTestContext({ devOidcIssuer: true, publicUrl: `http://127.0.0.1:${port}` });
  await ctx.app.listen({ host: '127.0.0.1', port });
  return ctx;
}

/**
 * The file's (or describe block's) development-mode provider with its issuer, listening at its
 * public URL: built before the first test and closed after the last, as useTestContext does.
 */
export function useDevIssuerContext(): TestContext {
  return fileScoped('the development issuer context', createDevIssuerContext, (ctx) => ctx.close());
}

/** Path and query of an absolute URL, for inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The hidden `consent` value of a consent page. */
export function consentOf(page: LightMyRequestResponse): string {
  const consent = /name="consent" value="([^"]+)"/.exec(page.body)?.[1];
  if (!consent) throw new Error(`no consent form: ${page.statusCode} ${page.body.slice(0, 400)}`);
  return consent;
}

/** GET the issuer's authorization URL (from a start's Location) as the browser would. */
export function openConsentPage(
  ctx: TestContext,
  authorizationUrl: string,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'GET',
    url: pathOf(authorizationUrl),
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
}

/** Posts the consent form (`decision` allow unless told) from the issuer's own page. */
export function submitConsent(
  ctx: TestContext,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/dev/oidc/consent',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(ctx.options.publicUrl ?? 'http://localhost:4000').origin,
      'sec-fetch-site': 'same-origin',
    },
    payload: new URLSearchParams({ decision: 'allow', email_verified: 'true', ...fields }).toString(),
  });
}

/**
 * From the dev project's OAuth start to the provider's answer at its callback: start, consent
 * page, the form as `person` fills it, then the issuer's redirect delivered with the state cookie.
 */
export async function signInThroughDevIssuer(
  ctx: TestContext,
  provider: string,
  person: Record<string, string>,
  query: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const params = new URLSearchParams({ public_token: ctx.dev.public_token, ...query });
  const start = await ctx.app.inject({
    method: 'GET',
    url: `/v1/public/oauth/${provider}/start?${params}`,
    remoteAddress: '127.0.0.1',
  });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const page = await openConsentPage(ctx, start.headers.location as string);
  const answer = await submitConsent(ctx, { consent: consentOf(page), ...person });
  if (answer.statusCode !== 303) throw new Error(`consent answered ${answer.statusCode}: ${answer.body}`);
  return ctx.app.inject({
    method: 'GET',
    url: pathOf(answer.headers.location as string),
    headers: { cookie: stateCookieOf(start) },
  });
}
