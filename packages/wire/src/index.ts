/**
 * @module @latchkey/wire — the one source of the wire: every browser- and server-facing shape as a
 * TypeBox schema with its `Static` type. The provider validates and serialises with the schemas;
 * the client, the widget and @latchkey/node import the types only (`import type`), so no schema
 * code reaches a browser. The leaves `./oauth-providers`, `./error-codes` and `./messages` import
 * nothing and may be imported at run time anywhere.
 */
export * from './activity.js';
export * from './audit-events.js';
export * from './authenticate-response.js';
export * from './bootstrap.js';
export * from './crypto-wallets.js';
export * from './email-previews.js';
export * from './envelope.js';
export * from './error-codes.js';
export * from './magic-links.js';
export * from './messages.js';
export * from './oauth.js';
export * from './oauth-providers.js';
export * from './otps.js';
export * from './passwords.js';
export * from './projects.js';
export * from './request-fields.js';
export * from './server-api.js';
export * from './server-crypto-wallets.js';
export * from './server-passwords.js';
export * from './server-totps.js';
export * from './server-users.js';
export * from './server-webauthn.js';
export * from './session.js';
export * from './sessions.js';
export * from './totps.js';
export * from './user.js';
export * from './user-factors.js';
export * from './users.js';
export * from './webauthn.js';
export * from './webhooks.js';
