/** PKCE on magic links (SECURITY H1–H3): the verifier is checked before the token is consumed. */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

/** A verifier like the SDK's (hex) and its S256 challenge. */
function pkcePair() {
  const verifier = randomBytes(48).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function linkWithChallenge(email: string, challenge: string): Promise<string> {
  const sent = await requestMagicLink(ctx, email, { code_challenge: challenge });
  expect(sent.statusCode).toBe(200);
  return latestToken(ctx, email);
}

describe('PKCE', () => {
  it('missing verifier → 400 pkce_mismatch, no session, and the token still works with the right verifier', async () => {
    const { verifier, challenge } = pkcePair();
    const token = await linkWithChallenge('pkce-missing@example.com', challenge);
    const sessionsBefore = await countRows(ctx, 'sessions');
    const missing = await authenticateMagicLink(ctx, token);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ status_code: 400, error_type: 'pkce_mismatch' });
    expect(await countRows(ctx, 'sessions')).toBe(sessionsBefore);
    const right = await authenticateMagicLink(ctx, token, { code_verifier: verifier });
    expect(right.statusCode).toBe(200);
  });

  it('wrong verifier → 400 pkce_mismatch and the token is not consumed', async () => {
    const { verifier, challenge } = pkcePair();
    const token = await linkWithChallenge('pkce-wrong@example.com', challenge);
    const wrong = await authenticateMagicLink(ctx, token, { code_verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error_type).toBe('pkce_mismatch');
    expect((await authenticateMagicLink(ctx, token, { code_verifier: verifier })).statusCode).toBe(200);
  });

  it('verifier without a challenge → 400 pkce_mismatch (downgrade), and the token stays usable', async () => {
    await requestMagicLink(ctx, 'pkce-none@example.com');
    const token = await latestToken(ctx, 'pkce-none@example.com');
    const response = await authenticateMagicLink(ctx, token, { code_verifier: pkcePair().verifier });
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('pkce_mismatch');
    expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(200);
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['characters outside the unreserved set', `${'a'.repeat(50)}+/=`],
  ])('malformed verifier (%s) → 400 invalid_request, nothing consumed', async (_label, verifier) => {
    const { verifier: good, challenge } = pkcePair();
    const token = await linkWithChallenge(`pkce-bad-${verifier.length}@example.com`, challenge);
    const response = await authenticateMagicLink(ctx, token, { code_verifier: verifier });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      error_type: 'invalid_request',
      body: [{ dataPath: '.code_verifier' }],
    });
    expect((await authenticateMagicLink(ctx, token, { code_verifier: good })).statusCode).toBe(200);
  });

  it('a malformed challenge or the plain method is refused at send time', async () => {
    const shortChallenge = await requestMagicLink(ctx, 'pkce-plain@example.com', { code_challenge: 'abc' });
    expect(json(shortChallenge)).toMatchObject({
      error_type: 'invalid_request',
      body: [{ dataPath: '.code_challenge' }],
    });
    const plain = await requestMagicLink(ctx, 'pkce-plain@example.com', {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'plain',
    });
    expect(plain.statusCode).toBe(400);
    expect(json(plain).error_type).toBe('invalid_request');
  });

  it('the fifth failed verifier revokes the token', async () => {
    const { verifier, challenge } = pkcePair();
    const token = await linkWithChallenge('pkce-cap@example.com', challenge);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await authenticateMagicLink(ctx, token, { code_verifier: pkcePair().verifier })).statusCode,
      ).toBe(400);
    }
    const afterCap = await authenticateMagicLink(ctx, token, { code_verifier: verifier });
    expect(afterCap.statusCode).toBe(401);
    expect(json(afterCap).error_type).toBe('unable_to_auth_magic_link');
  });

  it('a project that requires PKCE refuses sends without code_challenge and says so in bootstrap', async () => {
    const strict = await ctx.givenProject({
      isDev: true,
      pkceRequiredForEmailMagicLinks: true,
      defaultLoginRedirectUrl: 'http://localhost:4100/a',
    });
    const before = await countRows(ctx, 'users');
    const response = await requestMagicLink(ctx, 'strict@example.com', {}, strict.public_token);
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('pkce_mismatch');
    expect(await countRows(ctx, 'users')).toBe(before);
    const bootstrap = await ctx.app.inject({
      method: 'GET',
      url: `/sdk/v1/projects/bootstrap/${strict.public_token}`,
    });
    expect(json(bootstrap).data.pkce_required_for_email_magic_links).toBe(true);
    const { challenge } = pkcePair();
    expect(
      (await requestMagicLink(ctx, 'strict@example.com', { code_challenge: challenge }, strict.public_token))
        .statusCode,
    ).toBe(200);
  });
});
