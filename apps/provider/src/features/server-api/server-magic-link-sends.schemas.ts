/**
 * @module server-magic-link-sends.schemas — the server API's magic-link sends
 * (`/v1/magic_links/email/send|login_or_create|invite|revoke_invite`): the hosted provider's
 * fields, the browser's limits. Unknown fields are refused, so a misspelt one is a 400 naming it.
 */
import { MetadataSchema, UserNameInputSchema } from '@latchkey/wire';
import { type TProperties, Type } from 'typebox';
import { SendBody } from '../magic-links/magic-links.schemas.js';
import { ServerAttributesField, SignedInUserFields } from './server-caller.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

// The browser's fields, less its bot checks; create_user_as_pending only where the hosted provider has it.
const { captcha_token, dfp_telemetry_id, create_user_as_pending, ...browserFields } = SendBody.properties;
const { email, login_magic_link_url, login_expiration_minutes, login_template_id, locale } = browserFields;

/** What every magic-link send takes: the browser's fields and the person's `attributes`. */
const linkFields = { ...browserFields, attributes: Type.Optional(ServerAttributesField) };

/** POST /v1/magic_links/email/send: a login link to a user's address, or (with a user) an address to add. */
export const ServerMagicLinkSendBody = strict({ ...linkFields, ...SignedInUserFields });

/** POST /v1/magic_links/email/login_or_create. */
export const ServerMagicLinkLoginOrCreateBody = strict({ ...linkFields, create_user_as_pending });

/** POST /v1/magic_links/email/invite. */
export const ServerMagicLinkInviteBody = strict({
  email,
  invite_magic_link_url: login_magic_link_url,
  invite_expiration_minutes: login_expiration_minutes,
  invite_template_id: login_template_id,
  name: Type.Optional(UserNameInputSchema),
  trusted_metadata: Type.Optional(MetadataSchema),
  untrusted_metadata: Type.Optional(MetadataSchema),
  locale,
  attributes: Type.Optional(ServerAttributesField),
});

/** POST /v1/magic_links/email/revoke_invite. */
export const ServerMagicLinkRevokeInviteBody = strict({ email });

export {
  ServerEmailLoginOrCreateResponse,
  ServerEmailSendResponse,
  ServerMagicLinksRevokeInviteResponse,
} from '@latchkey/wire';
