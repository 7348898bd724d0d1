/** @module ids — prefixed, environment-tagged identifiers in the wire's style (`user-test-{uuid}`). */
import type { Random } from './random.js';

/** `test` for development/test projects, `live` for production projects. */
export type ProjectEnvironment = 'test' | 'live';

declare const brand: unique symbol;
/** A string tagged so ids of different kinds cannot be mixed up by accident. */
export type Brand<T, Name extends string> = T & { readonly [brand]: Name };

export type ProjectId = Brand<string, 'ProjectId'>;
export type UserId = Brand<string, 'UserId'>;
export type EmailId = Brand<string, 'EmailId'>;
export type SessionId = Brand<string, 'SessionId'>;

/** The id kinds and their wire prefixes. */
const prefixes = {
  project: 'project',
  publicToken: 'public-token',
  user: 'user',
  email: 'email',
  session: 'session',
  magicLink: 'magic-link',
  phoneNumber: 'phone-number',
  otpCode: 'otp-code',
  password: 'password',
  passwordLockout: 'password-lockout',
  webauthnRegistration: 'webauthn-registration',
  oauthUserRegistration: 'oauth-user-registration',
  cryptoWallet: 'crypto-wallet',
  totp: 'totp',
  totpRecoveryCode: 'totp-recovery-code',
  intermediateSession: 'intermediate-session',
  secondFactorLockout: 'second-factor-lockout',
  message: 'message',
  deliveryJob: 'delivery-job',
  request: 'request-id',
  auditEvent: 'audit-event',
  webhookEndpoint: 'webhook-endpoint',
} as const;

/** Creates a new id such as `user-test-2f1c…`. */
export function newId(kind: keyof typeof prefixes, environment: ProjectEnvironment, random: Random): string {
  return `${prefixes[kind]}-${environment}-${random.uuid()}`;
}

/** The environment a project id was made in (`project-live-…` or `project-test-…`, see newId). */
export function environmentOfProject(projectId: string): ProjectEnvironment {
  return projectId.startsWith(`${prefixes.project}-live-`) ? 'live' : 'test';
}
