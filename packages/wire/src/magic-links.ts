/** @module magic-links — the answers of the magic-link endpoints (wire/endpoints.md "Magic links"). */
import { type Static, Type } from 'typebox';
import { signInResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';

/** The three sends. */
export const MagicLinksSendResponse = envelopeSchema({ user_id: Type.String(), email_id: Type.String() });

/** POST /magic_links/authenticate: the sign-in plus the email factor the link was sent to. */
export const MagicLinksAuthenticateResponse = signInResponseSchema({ method_id: Type.String() });

export type MagicLinksSendResult = Static<typeof MagicLinksSendResponse>['data'];
