/**
 * @module crypto-wallets.routes — wallet sign-in under /sdk/v1: POST /crypto_wallets/authenticate/start/primary
 * and /secondary (the message to sign) and POST /crypto_wallets/authenticate (the signature).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import { requireCaptcha } from '../captcha/require-captcha.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import type { CryptoWalletAuthenticateService } from './crypto-wallet-authenticate.service.js';
import type { CryptoWalletStartService } from './crypto-wallet-start.service.js';
import {
  AuthenticateBody,
  AuthenticateStartBody,
  AuthenticateStartResponse,
  CryptoWalletAuthenticateResponse,
} from './crypto-wallets.schemas.js';
import { requireRequestingOrigin } from './requesting-origin.js';

/** What the wallet routes need. */
export interface CryptoWalletsRoutesOptions extends SignInDeps {
  start: CryptoWalletStartService;
  authenticate: CryptoWalletAuthenticateService;
}

/**
 * The wallet endpoints. The primary start checks the captcha first (429 captcha_failed, when the
 * project has one). Each needs the page's Origin (403 invalid_origin); the secondary start
 * then checks the session (401 user_unauthenticated / 404 session_not_found), and the starts
 * check the body (400) before counting against the per-network limit (429).
 */
export const cryptoWalletsRoutes: FastifyPluginAsyncTypebox<CryptoWalletsRoutesOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', createPublicAuth());
  const { sessions, responses } = options;

  // The two starts differ only in who signs: anyone past the captcha (primary) or the live
  // session's user adding a wallet (secondary).
  for (const step of ['primary', 'secondary'] as const) {
    app.post(
      `/crypto_wallets/authenticate/start/${step}`,
      { schema: { body: AuthenticateStartBody, response: { 200: AuthenticateStartResponse } } },
      async (request) => {
        const project = projectOf(request);
        if (step === 'primary') await requireCaptcha(project, request);
        const origin = requireRequestingOrigin(request, project);
        const session =
          step === 'secondary' ? await sessions.requireLive(project, request.sessionToken) : null;
        const challenge = await options.start.start(project, session, request.body, {
          origin,
          clientIp: request.clientIp,
        });
        return ok(request, { challenge });
      },
    );
  }

  app.post(
    '/crypto_wallets/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: CryptoWalletAuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const origin = requireRequestingOrigin(request, project);
      const signedIn = await options.authenticate.authenticate(project, request.sessionToken, request.body, {
        origin,
        attributes: sessionAttributesOf(request),
      });
      const fields = await buildSignInResponse(responses, project, signedIn.signIn);
      return ok(request, { ...fields, crypto_wallet_id: signedIn.wallet.id });
    },
  );
};
