/** The server client's wallet calls (`/v1/crypto_wallets…`) against a fake provider. */
import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';

const api = useFakeServerApi();
const { givenProvider } = api;
const common = { status_code: 200, request_id: 'request-id-test-0001' };

describe('cryptoWallets', () => {
  it('authenticateStart POSTs to /v1/crypto_wallets/authenticate/start and returns the flat answer', async () => {
    const answer = { ...common, user_id: '', challenge: 'localhost wants you…', user_created: false };
    const client = givenProvider(200, answer);
    const request = {
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: '0xabc',
      siwe_params: { domain: 'app.example.com', uri: 'https://app.example.com/login' },
    };
    expect(await client.cryptoWallets.authenticateStart(request)).toEqual(answer);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/crypto_wallets/authenticate/start',
      body: request,
    });
  });

  it('authenticate POSTs the signature; a provider error becomes LatchkeyServerError with its code', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0002',
      error_type: 'wallet_verification_failed',
      error_message: 'The wallet signature could not be verified.',
      error_url: 'docs/provider-api.md#wallet_verification_failed',
    });
    const request = { crypto_wallet_type: 'solana', crypto_wallet_address: 'So1', signature: 'sig' };
    await expect(client.cryptoWallets.authenticate(request)).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'wallet_verification_failed',
      status: 401,
    });
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/crypto_wallets/authenticate',
      body: request,
    });
  });
});
