/**
 * Issue 20 "wire-compatible on the server side": the hosted provider's official server SDK
 * (`stytch` 14, a devDependency of these tests only), pointed at Latchkey by its base URL, signs a
 * user in with an Ethereum wallet (SIWE) and adds a second wallet to their session, unchanged; real signatures.
 */
import { describe, expect, it } from 'vitest';
import { ethereumWallet } from '../../../test/crypto-wallet-helpers.js';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { DEMO_ORIGIN } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official stytch server SDK against Latchkey: crypto wallets', () => {
  it('cryptoWallets.authenticateStart and authenticate, SIWE and plain, a replay refused', async () => {
    const ethereum = ethereumWallet();
    const page = new URL(DEMO_ORIGIN);
    const started = await sdk().cryptoWallets.authenticateStart({
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: ethereum.address,
      siwe_params: { domain: page.host, uri: `${DEMO_ORIGIN}/login`, resources: [], chain_id: '1' },
    });
    expect(started).toMatchObject({ status_code: 200, user_id: '', user_created: false });
    expect(started.challenge).toContain(`${page.host} wants you to sign in with your Ethereum account:`);
    const signature = await ethereum.sign(started.challenge);
    const signedIn = await sdk().cryptoWallets.authenticate({
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: ethereum.address,
      signature,
      session_duration_minutes: 60,
    });
    expect(signedIn).toMatchObject({
      status_code: 200,
      session: { user_id: signedIn.user_id },
      user: {
        user_id: signedIn.user_id,
        crypto_wallets: [expect.objectContaining({ crypto_wallet_type: 'ethereum' })],
      },
      siwe_params: { domain: page.host, uri: `${DEMO_ORIGIN}/login`, chain_id: '1' },
    });
    const checked = await sdk().sessions.authenticate({ session_token: signedIn.session_token });
    expect(checked.session.user_id).toBe(signedIn.user_id);
    await expect(
      sdk().cryptoWallets.authenticate({
        crypto_wallet_type: 'ethereum',
        crypto_wallet_address: ethereum.address,
        signature,
        session_duration_minutes: 60,
      }),
    ).rejects.toMatchObject({ status_code: 401, error_type: 'wallet_verification_failed' });

    // The development project has no allowed origin of its own, so the page is always named.
    const second = ethereumWallet();
    const linking = await sdk().cryptoWallets.authenticateStart({
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: second.address,
      session_token: signedIn.session_token,
      siwe_params: { domain: page.host, uri: DEMO_ORIGIN, resources: [] },
    });
    expect(linking.user_id).toBe(signedIn.user_id);
    const linked = await sdk().cryptoWallets.authenticate({
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: second.address,
      signature: await second.sign(linking.challenge),
      session_token: signedIn.session_token,
    });
    expect(linked.user.crypto_wallets).toHaveLength(2);
    await expect(
      sdk().cryptoWallets.authenticateStart({
        crypto_wallet_type: 'ethereum',
        crypto_wallet_address: ethereum.address,
        siwe_params: { domain: 'evil.example', uri: 'https://evil.example/', resources: [] },
      }),
    ).rejects.toMatchObject({ status_code: 400, error_type: 'invalid_request' });
  });
});
