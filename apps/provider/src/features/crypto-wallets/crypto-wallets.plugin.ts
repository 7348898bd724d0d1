/** @module crypto-wallets.plugin — sign-in with an Ethereum or Solana wallet. */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { createCryptoWalletAuthenticateService } from './crypto-wallet-authenticate.service.js';
import { createChallengeStore } from './crypto-wallet-challenges.js';
import { createCryptoWalletStartService } from './crypto-wallet-start.service.js';
import { cryptoWalletsRoutes } from './crypto-wallets.routes.js';

export const cryptoWalletsPlugin = featurePlugin(
  'crypto-wallets',
  ['sessions', 'rate-limits', 'domain-events'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const { sessions } = app;
    const challenges = createChallengeStore({ db, clock });
    app.register(cryptoWalletsRoutes, {
      prefix: SDK_PREFIX,
      start: createCryptoWalletStartService({ clock, random, challenges, lookups: app.lookupThrottle }),
      authenticate: createCryptoWalletAuthenticateService({
        db,
        clock,
        random,
        sessions,
        challenges,
        ethereumRpcUrls: config.ethereumRpcUrls ?? new Map(),
        events: app.domainEvents,
      }),
      sessions,
      responses: app.sessionResponses,
    });
  },
);
