/**
 * What the two server-side sign-in redemptions share (one redeemSignInToken): arguments checked
 * before any request, and a 2xx answer without the sign-in's fields refused.
 */
import { describe, expect, it } from 'vitest';
import { TEST_PROJECT_ID, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import { createLatchkeyServerClient, type LatchkeyServerClient } from './create-server-client.js';

type Redeem = (
  client: LatchkeyServerClient,
  token: string,
  options?: { session_duration_minutes?: number },
) => Promise<unknown>;

const REDEMPTIONS: [string, Redeem][] = [
  ['magicLinks.authenticate', (client, token, options) => client.magicLinks.authenticate(token, options)],
  ['oauth.authenticate', (client, token, options) => client.oauth.authenticate(token, options)],
];

const api = useFakeServerApi();

describe.each(REDEMPTIONS)('%s', (_, redeem) => {
  it('throws invalid_argument without a request for an empty token, a bad duration or no secret', async () => {
    const client = api.givenProvider(200, {});
    await expect(redeem(client, '')).rejects.toMatchObject({ code: 'invalid_argument' });
    for (const minutes of [0, 1.5]) {
      await expect(redeem(client, 'token', { session_duration_minutes: minutes })).rejects.toMatchObject({
        code: 'invalid_argument',
      });
    }
    const withoutSecret = createLatchkeyServerClient({
      providerUrl: api.server.url,
      projectId: TEST_PROJECT_ID,
    });
    await expect(redeem(withoutSecret, 'token')).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(api.server.requests).toHaveLength(0);
  });

  it('rejects a success body without the session fields (an enveloped one) as invalid_response', async () => {
    const client = api.givenProvider(200, {
      data: { status_code: 200, request_id: 'r', user_id: 'u', session_token: 't', session_jwt: 'j' },
    });
    await expect(redeem(client, 'token')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
