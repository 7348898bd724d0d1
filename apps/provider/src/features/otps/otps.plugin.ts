/** @module otps.plugin — one-time passcodes by email, SMS and WhatsApp, and the passcode lock. */

import { deletedUserAddresses } from '../../domain-events/deleted-user-addresses.js';
import { featurePlugin } from '../../feature-plugin.js';
import { noMessenger } from '../../messaging/messenger.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import { createOtpDelivery, OTP_JOB } from './otp-delivery.js';
import { otpsRoutes } from './otps.routes.js';
import { createOtpsAuthenticateService, type OtpsAuthenticateService } from './otps-authenticate.service.js';
import { createOtpsSendService, type OtpsSendService } from './otps-send.service.js';
import { deletePasscodeFailuresOf } from './passcode-failures.repository.js';
import { createPasscodeLock, type PasscodeLock } from './passcode-lock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Locks an address's passcodes after repeated failures (set by the otps plugin). */
    passcodeLock: PasscodeLock;
    /** Sends passcodes, for the server API's sends (set by the otps plugin). */
    otpSend: OtpsSendService;
    /** Redeems passcodes, for the server API's `/v1/otps/authenticate` (set by the otps plugin). */
    otpRedeem: OtpsAuthenticateService;
  }
}

/** Decorates the app with `passcodeLock`; delivers passcode jobs; serves the SDK's OTP routes. */
export const otpsPlugin = featurePlugin(
  'otps',
  ['sessions', 'mfa', 'rate-limits', 'lock-notices', 'domain-events'],
  async (app, { deps }) => {
    const { db, clock, random } = deps;
    const { sessions, secondFactor } = app;
    app.handleDeliveries(OTP_JOB, createOtpDelivery({ db, clock, random, events: app.domainEvents }));
    const passcodeLock = createPasscodeLock({ db, clock, notices: app.lockNotices, log: app.log });
    app.decorate('passcodeLock', passcodeLock);
    // A deleted user's passcode failure runs are keyed by address, not id: erased here (issue 20).
    app.domainEvents.subscribe('user.deleted', (trx, event) => {
      const { emails, phoneNumbers } = deletedUserAddresses(event);
      return deletePasscodeFailuresOf(trx, event.projectId, [...emails, ...phoneNumbers]);
    });
    const send = createOtpsSendService({
      db,
      clock,
      random,
      events: app.domainEvents,
      messenger: deps.messenger ?? noMessenger,
      throttle: app.sendThrottle,
      deliveries: app.deliveryQueue,
    });
    const redeem = createOtpsAuthenticateService({
      db,
      clock,
      sessions,
      secondFactor,
      passcodeLock,
      events: app.domainEvents,
    });
    app.decorate('otpSend', send);
    app.decorate('otpRedeem', redeem);
    app.register(otpsRoutes, sdkSignInRoutes(app, { send, redeem, secondFactor }));
  },
);
