/** @module magic-links.plugin — sign-in links by email: sent after the answer, redeemed once. */
import { featurePlugin } from '../../feature-plugin.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import { createMagicLinkDelivery, MAGIC_LINK_JOB } from './magic-link-delivery.js';
import { createMagicLinkInvites, type MagicLinkInvites } from './magic-link-invites.js';
import { magicLinksRoutes } from './magic-links.routes.js';
import {
  createMagicLinksAuthenticateService,
  type MagicLinksAuthenticateService,
} from './magic-links-authenticate.service.js';
import { createMagicLinksSendService, type MagicLinksSendService } from './magic-links-send.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redeems magic-link tokens, from the SDK or the server API (set by the magic-links plugin). */
    magicLinkRedeem: MagicLinksAuthenticateService;
    /** Sends magic links, for the server API's sends (set by the magic-links plugin). */
    magicLinkSend: MagicLinksSendService;
    /** Invitations by email, for the server API (set by the magic-links plugin). */
    magicLinkInvites: MagicLinkInvites;
  }
}

/** Decorates the app with `magicLinkRedeem`; delivers magic-link jobs; serves the SDK's routes. */
export const magicLinksPlugin = featurePlugin(
  'magic-links',
  ['sessions', 'otps', 'rate-limits', 'domain-events'],
  async (app, { deps }) => {
    const { db, clock, random } = deps;
    const { sessions } = app;
    app.handleDeliveries(
      MAGIC_LINK_JOB,
      createMagicLinkDelivery({ db, clock, random, events: app.domainEvents }),
    );
    // Sign-in links and invitations are sent alike: limited, then queued for the delivery worker.
    const sendDeps = {
      db,
      clock,
      random,
      events: app.domainEvents,
      throttle: app.sendThrottle,
      deliveries: app.deliveryQueue,
    };
    const send = createMagicLinksSendService(sendDeps);
    const redeem = createMagicLinksAuthenticateService({
      db,
      clock,
      sessions,
      passcodeLock: app.passcodeLock,
      events: app.domainEvents,
    });
    app.decorate('magicLinkRedeem', redeem);
    app.decorate('magicLinkSend', send);
    app.decorate('magicLinkInvites', createMagicLinkInvites(sendDeps));
    app.register(magicLinksRoutes, sdkSignInRoutes(app, { db, send, redeem }));
  },
);
