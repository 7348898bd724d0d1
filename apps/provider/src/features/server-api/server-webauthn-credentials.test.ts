/**
 * Issue 20: `GET /v1/webauthn/credentials/{user_id}/{domain}` — a user's passkeys on one RP ID with
 * their public keys, as the hosted provider's server API lists them (PGlite and TEST_DATABASE_URL).
 */
import { createPublicKey } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { basic, json, okJson, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser } from '../../../test/user-management-calls.js';
import { VirtualAuthenticator, type VirtualCredential } from '../../../test/virtual-authenticator.js';
import { DEV_RP_ID, givenProductionLikeProject, PAGE_ORIGIN } from '../../../test/webauthn-helpers.js';

const ctx = useTestContext();

/** GET the list with the dev project's secret (or `authorization`). */
function list(userId: string, domain: string, authorization = devProjectAuthorization(ctx)) {
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/webauthn/credentials/${encodeURIComponent(userId)}/${encodeURIComponent(domain)}`,
    headers: { authorization },
  });
}

/** Registers a new credential for `userId` through the server API; returns it and its registration id. */
async function registerPasskey(
  userId: string,
  authenticator: VirtualAuthenticator,
): Promise<{ credential: VirtualCredential; registrationId: string }> {
  const authorization = devProjectAuthorization(ctx);
  const started = okJson(
    await postServerApi(ctx, '/v1/webauthn/register/start', authorization, {
      user_id: userId,
      domain: DEV_RP_ID,
      use_base64_url_encoding: true,
    }),
  );
  const created = authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN);
  const registered = okJson(
    await postServerApi(ctx, '/v1/webauthn/register', authorization, {
      user_id: userId,
      public_key_credential: JSON.stringify(created),
    }),
  );
  return {
    credential: authenticator.credentials.at(-1) as VirtualCredential,
    registrationId: registered.webauthn_registration_id,
  };
}

/** The P-256 point of a COSE_Key given in standard base64, as JWK x / y (base64url). */
function pointOfCoseKey(base64: string): { x: string; y: string } {
  const key = isoCBOR.decodeFirst<Map<number, Uint8Array>>(Buffer.from(base64, 'base64'));
  return {
    x: Buffer.from(key.get(-2) as Uint8Array).toString('base64url'),
    y: Buffer.from(key.get(-3) as Uint8Array).toString('base64url'),
  };
}

/** The public point of the authenticator's key for `credential`. */
function pointOf(credential: VirtualCredential): { x: string; y: string } {
  const jwk = createPublicKey(credential.privateKey).export({ format: 'jwk' });
  return { x: jwk.x as string, y: jwk.y as string };
}

describe('GET /v1/webauthn/credentials/{user_id}/{domain}', () => {
  it("lists the user's credentials on that domain, oldest first, with public keys that are the authenticator's", async () => {
    const user = await givenServerUser(ctx, {
      email: 'list-credentials@example.com',
      external_id: 'ext-list-7',
    });
    const other = await givenServerUser(ctx, { email: 'list-credentials-other@example.com' });
    const authenticator = new VirtualAuthenticator();
    const first = await registerPasskey(user.user_id, authenticator);
    ctx.clock.advance(1000); // the test clock stands still; "oldest first" needs two instants
    const second = await registerPasskey(user.user_id, authenticator);
    await registerPasskey(other.user_id, new VirtualAuthenticator());

    const answer = okJson(await list(user.user_id, DEV_RP_ID));
    expect(answer).toMatchObject({ status_code: 200, request_id: expect.any(String) });
    expect(answer.credentials).toEqual([
      {
        credential_id: first.credential.idBase64url,
        webauthn_registration_id: first.registrationId,
        type: 'public-key',
        public_key: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      },
      {
        credential_id: second.credential.idBase64url,
        webauthn_registration_id: second.registrationId,
        type: 'public-key',
        public_key: expect.any(String),
      },
    ]);
    expect(pointOfCoseKey(answer.credentials[0].public_key)).toEqual(pointOf(first.credential));
    expect(pointOfCoseKey(answer.credentials[1].public_key)).toEqual(pointOf(second.credential));

    // The external id names the same user; the domain is matched case-insensitively, as the starts take it.
    expect(okJson(await list('ext-list-7', 'LOCALHOST')).credentials).toEqual(answer.credentials);
    // A user without passkeys has an empty list.
    const bare = await givenServerUser(ctx, { email: 'list-credentials-bare@example.com' });
    expect(okJson(await list(bare.user_id, DEV_RP_ID)).credentials).toEqual([]);
  });

  it('only the named domain: a passkey of another RP ID of the project is not listed', async () => {
    const project = await givenProductionLikeProject(ctx, ['https://app.example.com']);
    const authorization = basic(project.project_id, project.secret);
    const created = await postServerApi(ctx, '/v1/users', authorization, { email: 'rp-scope@example.com' });
    const userId = json(created).user_id as string;
    const started = okJson(
      await postServerApi(ctx, '/v1/webauthn/register/start', authorization, {
        user_id: userId,
        domain: 'app.example.com',
        use_base64_url_encoding: true,
      }),
    );
    const credential = new VirtualAuthenticator().create(
      started.public_key_credential_creation_options,
      'https://app.example.com',
    );
    okJson(
      await postServerApi(ctx, '/v1/webauthn/register', authorization, {
        user_id: userId,
        public_key_credential: JSON.stringify(credential),
      }),
    );
    expect(okJson(await list(userId, 'app.example.com', authorization)).credentials).toHaveLength(1);
    // example.com is a parent of an allowed origin's host, so a valid RP ID with no passkeys of its own.
    expect(okJson(await list(userId, 'example.com', authorization)).credentials).toEqual([]);
  });

  it('unknown user → 404; a domain outside the project → 400 naming domain; another project → 404', async () => {
    const user = await givenServerUser(ctx, { email: 'list-refusals@example.com' });
    await registerPasskey(user.user_id, new VirtualAuthenticator());

    const unknown = await list('user-test-00000000-0000-4000-8000-000000000000', DEV_RP_ID);
    expect(statusAndErrorType(unknown)).toEqual([404, 'user_not_found']);

    for (const domain of ['evil.example', '127.0.0.1', 'a b.localhost']) {
      const response = await list(user.user_id, domain);
      expect(statusAndErrorType(response), domain).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message, domain).toContain(
        'domain',
      );
    }

    const other = await givenProductionLikeProject(ctx, ['https://app.example.com']);
    const foreign = await list(user.user_id, 'app.example.com', basic(other.project_id, other.secret));
    expect(statusAndErrorType(foreign)).toEqual([404, 'user_not_found']);
  });

  it('a public token, a session token or a Bearer in place of the secret → 403', async () => {
    const user = await givenServerUser(ctx, { email: 'list-forbidden@example.com' });
    await registerPasskey(user.user_id, new VirtualAuthenticator());
    const signedIn = await givenSignedInUser(ctx, 'list-forbidden-session@example.com');
    const cases: [string, string][] = [
      [basic(ctx.dev.project_id, ctx.dev.public_token), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_token}`, 'session_token_forbidden'],
    ];
    for (const [authorization, type] of cases) {
      const response = await list(user.user_id, DEV_RP_ID, authorization);
      expect(statusAndErrorType(response), type).toEqual([403, type]);
      expect(response.body).not.toContain('public_key');
    }
  });
});
