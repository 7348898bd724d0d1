/** Intent-named steps of the passkey ceremonies, driven through the real HTTP API with a virtual authenticator. */
import type { LightMyRequestResponse } from 'fastify';
import { givenSignedInUser } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { DEMO_ORIGIN, DEMO_REDIRECT, json, sdkHeaders, type TestContext } from './test-app.js';
import {
  type AuthenticatorOptions,
  type CeremonyTweaks,
  VirtualAuthenticator,
} from './virtual-authenticator.js';

/** The development project's RP ID and the page origin clientDataJSON carries. */
export const DEV_RP_ID = 'localhost';
export const PAGE_ORIGIN = DEMO_ORIGIN;

/** Who calls: a project's public token, and the session token when signed in. */
export interface Caller {
  publicToken: string;
  sessionToken?: string | undefined;
}

/** The development project, signed out. */
export const devCaller = (ctx: TestContext, sessionToken?: string): Caller => ({
  publicToken: ctx.dev.public_token,
  sessionToken,
});

/** Sends `payload` to `/sdk/v1{path}` as the SDK would. */
export function callWebauthn(
  ctx: TestContext,
  caller: Caller,
  path: string,
  payload?: unknown,
  method: 'POST' | 'PUT' | 'DELETE' = 'POST',
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/sdk/v1${path}`,
    headers: { ...sdkHeaders(caller.publicToken, caller.sessionToken), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The options string of a start response; throws unless it answered 200. */
export function optionsOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`start failed: ${response.body}`);
  const { data } = json(response);
  return data.public_key_credential_creation_options ?? data.public_key_credential_request_options;
}

/** POST /webauthn/register/start. */
export function startRegistration(ctx: TestContext, caller: Caller, body: Record<string, unknown> = {}) {
  return callWebauthn(ctx, caller, '/webauthn/register/start', { domain: DEV_RP_ID, ...body });
}

/** POST /webauthn/register with a credential JSON (stringified unless already a string); `headers` as a browser adds them. */
export function finishRegistration(
  ctx: TestContext,
  caller: Caller,
  credential: unknown,
  extra = {},
  headers: Record<string, string> = {},
) {
  return callWebauthn(
    ctx,
    caller,
    '/webauthn/register',
    {
      public_key_credential: typeof credential === 'string' ? credential : JSON.stringify(credential),
      ...extra,
    },
    'POST',
    headers,
  );
}

/** POST /webauthn/authenticate/start/primary or /secondary. */
export function startSignIn(
  ctx: TestContext,
  caller: Caller,
  kind: 'primary' | 'secondary',
  body: Record<string, unknown> = {},
) {
  return callWebauthn(ctx, caller, `/webauthn/authenticate/start/${kind}`, { domain: DEV_RP_ID, ...body });
}

/** POST /webauthn/authenticate. */
export function finishSignIn(ctx: TestContext, caller: Caller, credential: unknown, extra = {}) {
  return callWebauthn(ctx, caller, '/webauthn/authenticate', {
    public_key_credential: typeof credential === 'string' ? credential : JSON.stringify(credential),
    session_duration_minutes: 60,
    ...extra,
  });
}

/** Registers a new credential of `authenticator` for the caller's session; returns the raw finish response. */
export async function registerWith(
  ctx: TestContext,
  caller: Caller,
  authenticator: VirtualAuthenticator,
  options: {
    tweaks?: CeremonyTweaks;
    startBody?: Record<string, unknown>;
    origin?: string;
    /** Headers of the finishing request (client hints). */
    finishHeaders?: Record<string, string>;
  } = {},
) {
  const creation = optionsOf(await startRegistration(ctx, caller, options.startBody));
  const credential = authenticator.create(creation, options.origin ?? PAGE_ORIGIN, options.tweaks);
  return finishRegistration(ctx, caller, credential, {}, options.finishHeaders);
}

/** A signed-in user of the development project with one registered passkey. */
export async function givenPasskeyUser(
  ctx: TestContext,
  email: string,
  authenticatorOptions: AuthenticatorOptions = {},
) {
  const signedIn = await givenSignedInUser(ctx, email);
  const caller = devCaller(ctx, signedIn.session_token);
  const authenticator = new VirtualAuthenticator(authenticatorOptions);
  const response = await registerWith(ctx, caller, authenticator);
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const credential = authenticator.credentials.at(-1);
  if (!credential) throw new Error('no credential');
  return {
    ...signedIn,
    caller,
    authenticator,
    credential,
    registrationId: json(response).data.webauthn_registration_id as string,
  };
}

/** Starts a signed-out sign-in and lets the authenticator answer; returns the credential JSON to send. */
export async function assertionFor(
  ctx: TestContext,
  authenticator: VirtualAuthenticator,
  tweaks: CeremonyTweaks = {},
  options: {
    caller?: Caller;
    kind?: 'primary' | 'secondary';
    startBody?: Record<string, unknown>;
    origin?: string;
  } = {},
) {
  const caller = options.caller ?? devCaller(ctx);
  const request = optionsOf(await startSignIn(ctx, caller, options.kind ?? 'primary', options.startBody));
  return authenticator.get(request, options.origin ?? PAGE_ORIGIN, tweaks);
}

/**
 * Everything a failed ceremony must leave alone: row counts, each registration's counter, backup
 * state, name and last use, and each session's factors, expiry and revocation.
 */
export async function webauthnState(ctx: TestContext) {
  const counts = await rowCounts(ctx, ['users', 'sessions', 'webauthn_registrations', 'webauthn_challenges']);
  const registrations = await ctx.db
    .selectFrom('webauthn_registrations')
    .select(['id', 'user_id', 'sign_count', 'backed_up', 'name', 'last_authenticated_at'])
    .orderBy('id')
    .execute();
  const sessions = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'authentication_factors', 'expires_at', 'last_accessed_at', 'revoked_at'])
    .orderBy('id')
    .execute();
  return {
    counts,
    registrations: registrations.map((r) => ({ ...r, sign_count: Number(r.sign_count) })),
    sessions,
  };
}

/** `state` but for its count of challenges, for comparing two states across calls that store challenges (and use them up). */
export function apartFromChallenges(state: Awaited<ReturnType<typeof webauthnState>>) {
  return { ...state, counts: { ...state.counts, webauthn_challenges: 0 } };
}

/** The stored counter and flags of one registration. */
export async function registrationRow(ctx: TestContext, id: string) {
  const row = await ctx.db
    .selectFrom('webauthn_registrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, sign_count: Number(row.sign_count) };
}

/** A project that is not the development one: its own origins, so RP IDs other than localhost apply. */
export async function givenProductionLikeProject(ctx: TestContext, origins: string[]) {
  return ctx.givenProject({
    allowedOrigins: [DEMO_ORIGIN, ...origins],
    allowedRedirectUrls: [DEMO_REDIRECT],
    defaultLoginRedirectUrl: DEMO_REDIRECT,
    defaultSignupRedirectUrl: DEMO_REDIRECT,
  });
}
