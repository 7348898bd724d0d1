/** The sign-in modal offers Google when the project has it (issue 17 item 1), without CLICKWISE_GOOGLE_OAUTH. */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';
import { createGoogleSignInCheck, GOOGLE_CHECK_TTL_MS } from './google-sign-in.js';

const PROVIDER = 'http://localhost:4000';

function bootstrapWith(providers: string[]): Response {
  const oauth_providers = providers.map((provider_type) => ({ provider_type, one_tap: false }));
  return Response.json({ data: { request_id: 'r', status_code: 200, oauth_providers } });
}

function setup(answers: Array<Response | Error>, override: boolean | null = null) {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const asked: string[] = [];
  const check = createGoogleSignInCheck({
    providerUrl: PROVIDER,
    publicToken: () => 'public-token-test-abc',
    clock: { now: () => new Date(now) },
    override,
    fetch: async (url) => {
      asked.push(String(url));
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
  });
  return { check, asked, advance: (ms: number) => (now += ms) };
}

describe('createGoogleSignInCheck', () => {
  it("asks the project's public bootstrap: Google listed → offered, and the answer is kept 30 s", async () => {
    const { check, asked, advance } = setup([bootstrapWith(['google', 'github']), bootstrapWith(['github'])]);
    expect(await check()).toBe(true);
    expect(await check()).toBe(true);
    expect(asked).toEqual([`${PROVIDER}/sdk/v1/projects/bootstrap/public-token-test-abc`]);
    advance(GOOGLE_CHECK_TTL_MS);
    expect(await check()).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('a provider that cannot be asked, or answers without a list, means no Google; a failure is asked again soon', async () => {
    const { check, asked, advance } = setup([
      new Error('connection refused'),
      new Response('nope', { status: 503 }),
      Response.json({ data: {} }),
    ]);
    expect(await check()).toBe(false);
    advance(5_000);
    expect(await check()).toBe(false);
    advance(5_000);
    expect(await check()).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('CLICKWISE_GOOGLE_OAUTH=1 or 0 decides without asking', async () => {
    for (const override of [true, false]) {
      const { check, asked } = setup([bootstrapWith(['google'])], override);
      expect(await check()).toBe(override);
      expect(asked).toEqual([]);
    }
  });

  it('reads CLICKWISE_GOOGLE_OAUTH as on, off, or (unset) the project’s say', () => {
    const load = (value: string | undefined) =>
      configFromEnv(
        value === undefined ? {} : { CLICKWISE_GOOGLE_OAUTH: value },
        '/tmp/clickwise-google-test',
      ).googleOAuth;
    expect([load('1'), load('0'), load(undefined), load('')]).toEqual([true, false, null, null]);
  });
});
