/**
 * @module server-crypto-wallets.routes — `POST /v1/crypto_wallets/authenticate/start` and
 * `POST /v1/crypto_wallets/authenticate` with Basic project_id:secret, as the hosted provider's
 * server API has them: an integrator's server asks for the message a wallet signs and hands back
 * the signature. The browser's services do the work (the same messages, SIWE checks, single-use
 * challenges, wallet linking and events); the page a message names comes from `siwe_params` only
 * when it is one of the project's allowed origins (server-challenge-page.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ServerCryptoWalletsAuthenticateBody,
  ServerCryptoWalletsAuthenticateResponse,
  ServerCryptoWalletsAuthenticateStartBody,
  ServerCryptoWalletsAuthenticateStartResponse,
} from '@latchkey/wire';
import type { Db } from '../../db/database.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import type { CryptoWalletAuthenticateService } from '../crypto-wallets/crypto-wallet-authenticate.service.js';
import type {
  CryptoWalletStartService,
  ServerChallengeBinding,
} from '../crypto-wallets/crypto-wallet-start.service.js';
import { badWalletField, serverChallengePage } from '../crypto-wallets/server-challenge-page.js';
import { signedSiweParams } from '../crypto-wallets/verification/signed-siwe-params.js';
import { canonicalWalletAddress, parseWalletType } from '../crypto-wallets/verification/wallet-address.js';
import type { Project } from '../projects/project.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { requireReferencedUser } from '../users/user-reference.js';
import {
  presentedSessionFromBody,
  type ServerCallerDeps,
  serverSessionAttributes,
  type UserOrSessionFields,
} from './server-caller.js';
import { serverSignInAnswer } from './server-sign-in-answer.js';
import { precheckSessionCustomClaims, withSessionCustomClaims } from './session-custom-claims-step.js';

/** What the server wallet routes need. */
export interface ServerCryptoWalletsRoutesOptions extends SignInDeps {
  db: Db;
  start: CryptoWalletStartService;
  authenticate: CryptoWalletAuthenticateService;
  caller: ServerCallerDeps;
}

export const serverCryptoWalletsRoutes: FastifyPluginAsyncTypebox<ServerCryptoWalletsRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;
  app.addHook('onRequest', projectSecretHook(db));

  /**
   * The user (and session) the wallet is for: `user_id` (an id or external id; unknown → 404),
   * or the live session of `session_token` / `session_jwt`; at most one. Null for a sign-in.
   */
  async function bindingOf(
    project: Project,
    body: UserOrSessionFields,
  ): Promise<ServerChallengeBinding | null> {
    const given = (['user_id', 'session_token', 'session_jwt'] as const).filter((f) => body[f] !== undefined);
    if (given.length > 1)
      throw badWalletField(given[1] as string, 'send at most one of user_id, session_token or session_jwt');
    if (body.user_id !== undefined) {
      return { userId: await requireReferencedUser(db, project.id, body.user_id), sessionId: null };
    }
    const named = await presentedSessionFromBody(options.caller, project, body);
    return named ? { userId: named.row.user_id, sessionId: named.row.id } : null;
  }

  app.post(
    '/v1/crypto_wallets/authenticate/start',
    {
      schema: {
        body: ServerCryptoWalletsAuthenticateStartBody,
        response: { 200: ServerCryptoWalletsAuthenticateStartResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      const type = parseWalletType(body.crypto_wallet_type);
      const address = canonicalWalletAddress(type, body.crypto_wallet_address);
      // The hosted provider's rule: SIWE is Ethereum's; a Solana message has its own form.
      if (body.siwe_params !== undefined && type !== 'ethereum')
        throw badWalletField('siwe_params', 'may only be sent for an ethereum wallet');
      const page = serverChallengePage(project, body.siwe_params, body.page_origin);
      const binding = await bindingOf(project, body);
      const started = await options.start.startForServer(project, { type, address }, page, binding);
      return {
        status_code: 200,
        request_id: request.id,
        user_id: started.userId ?? '',
        challenge: started.challenge,
        // A wallet's user is made when its signature is verified, never for a message asked for.
        user_created: false,
      };
    },
  );

  app.post(
    '/v1/crypto_wallets/authenticate',
    {
      schema: {
        body: ServerCryptoWalletsAuthenticateBody,
        response: { 200: ServerCryptoWalletsAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      // Checked before the signature is tried: a bad claim costs the caller no challenge.
      precheckSessionCustomClaims(body.session_custom_claims);
      const named = await presentedSessionFromBody(options.caller, project, body);
      const signedIn = await options.authenticate.authenticateForServer(
        project,
        named,
        body,
        serverSessionAttributes(request, undefined),
      );
      const fields = await withSessionCustomClaims(
        options,
        project,
        await buildSignInResponse(options.responses, project, signedIn.signIn),
        body.session_custom_claims,
      );
      const answer = await serverSignInAnswer(db, request, fields, { crypto_wallet_id: signedIn.wallet.id });
      return signedIn.siwe === null ? answer : { ...answer, siwe_params: signedSiweParams(signedIn.siwe) };
    },
  );
};
