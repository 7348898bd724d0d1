import type {
  ServerMagicLinksAuthenticateResult,
  ServerOAuthAuthenticateResult,
  ServerSessionsAuthenticateResult,
  SessionClaim as WireSessionClaim,
} from '@latchkey/wire';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  AuthenticateSessionResult,
  LatchkeyServerErrorCode,
  MagicLinksAuthenticateResult,
  OAuthAuthenticateResult,
  Session,
  SessionClaim,
  VerifySessionJwtResult,
} from './index.js';
import * as api from './index.js';

describe('@latchkey/node public surface', () => {
  it('exports exactly the curated runtime names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'LatchkeyServerError',
      'LatchkeyWebhookError',
      'SERVER_ERROR_CATALOG',
      'SESSION_CLAIM',
      'createLatchkeyOperatorClient',
      'createLatchkeyServerClient',
      'isLatchkeyServerError',
      'verifyWebhook',
    ]);
  });

  it('keeps the Express and Fastify middleware behind their own entry points (no framework code in the main one)', async () => {
    expect(Object.keys(await import('./express.js'))).toEqual(['latchkeySession']);
    expect(Object.keys(await import('./fastify.js'))).toEqual(['latchkeyFastify']);
  });

  it('narrows a verification result on ok, and keeps unknown wire codes assignable', () => {
    const narrow = (result: VerifySessionJwtResult): string =>
      result.ok ? result.session.session_id : result.error.code;
    expectTypeOf(narrow).returns.toEqualTypeOf<string>();
    expectTypeOf<'session_not_found'>().toExtend<LatchkeyServerErrorCode>();
    expectTypeOf<'jwt_expired'>().toExtend<LatchkeyServerErrorCode>();
    // @ts-expect-error the session exists only on the ok branch
    expectTypeOf<Extract<VerifySessionJwtResult, { ok: false }>['session']>();
    expect(narrow({ ok: false, error: new api.LatchkeyServerError('jwt_expired') })).toBe('jwt_expired');
  });

  it('reads the session JWT claim in the shape the wire gives it (the provider signs that shape)', () => {
    expectTypeOf<SessionClaim>().toEqualTypeOf<WireSessionClaim>();
  });

  it("returns the server API's flat answers as the wire states them, a redeemed sign-in always with its session", () => {
    expectTypeOf<AuthenticateSessionResult>().toEqualTypeOf<ServerSessionsAuthenticateResult>();
    expectTypeOf<MagicLinksAuthenticateResult['method_id']>().toEqualTypeOf<
      ServerMagicLinksAuthenticateResult['method_id']
    >();
    expectTypeOf<OAuthAuthenticateResult['provider_values']>().toEqualTypeOf<
      ServerOAuthAuthenticateResult['provider_values']
    >();
    expectTypeOf<MagicLinksAuthenticateResult['session']>().toEqualTypeOf<Session>();
    expectTypeOf<OAuthAuthenticateResult['session']>().toEqualTypeOf<Session>();
  });
});
