/** @module crypto-wallets.plugin — sign-in with an Ethereum or Solana wallet. */
import { featurePlugin } from '../../feature-plugin.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import {
  type CryptoWalletAuthenticateService,
  createCryptoWalletAuthenticateService,
} from './crypto-wallet-authenticate.service.js';
import { createChallengeStore } from './crypto-wallet-challenges.js';
import {
  type CryptoWalletStartService,
  createCryptoWalletStartService,
} from './crypto-wallet-start.service.js';
import { cryptoWalletsRoutes } from './crypto-wallets.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wallet sign-in, for the server API's `/v1/crypto_wallets…` (set by the crypto-wallets plugin). */
    cryptoWalletStart: CryptoWalletStartService;
    cryptoWalletAuthenticate: CryptoWalletAuthenticateService;
  }
}

export const cryptoWalletsPlugin = featurePlugin(
  'crypto-wallets',
  ['sessions', 'rate-limits', 'domain-events'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const { sessions } = app;
    const challenges = createChallengeStore({ db, clock });
    const start = createCryptoWalletStartService({
      db,
      clock,
      random,
      challenges,
      lookups: app.lookupThrottle,
    });
    const authenticate = createCryptoWalletAuthenticateService({
      db,
      clock,
      random,
      sessions,
      challenges,
      ethereumRpcUrls: config.ethereumRpcUrls ?? new Map(),
      events: app.domainEvents,
    });
    app.decorate('cryptoWalletStart', start);
    app.decorate('cryptoWalletAuthenticate', authenticate);
    app.register(cryptoWalletsRoutes, sdkSignInRoutes(app, { start, authenticate }));
  },
);
