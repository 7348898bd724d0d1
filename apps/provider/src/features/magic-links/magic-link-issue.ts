/** @module magic-link-issue — checking a send request and storing a new link in place of the older ones. */
import { PKCE_REQUIRED_MESSAGE } from '@latchkey/wire/messages';
import type { Clock } from '../../clock.js';
import { mintToken } from '../../crypto/tokens.js';
import type { Transaction } from '../../db/database.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import { type MessageLocale, messageLocale } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { renderMagicLinkEmail } from './magic-link-email.js';
import { buildMagicLinkUrl } from './magic-link-url.js';
import { insertMagicLink, magicLinks } from './magic-links.repository.js';
import type { SendInput } from './magic-links.schemas.js';
import type { MagicLinkPurpose } from './magic-links.table.js';
import { type ResolvedRedirects, resolveRedirects } from './redirect-urls.js';

const MINUTE_MS = 60_000;

/** What one issued link is for. */
export interface LinkSpec {
  purpose: MagicLinkPurpose;
  userId: string;
  emailId: string;
  redirectUrl: string;
  minutes: number;
}

/** A send request after the checks that come before any lookup. */
export interface PreparedSend {
  email: string;
  redirects: ResolvedRedirects;
  minutes: { login: number; signup: number };
  codeChallenge: string | null;
  /** The email's language (the request's `locale`). */
  locale: MessageLocale;
}

/** Checks done before any lookup, so a failure changes nothing and reveals nothing. */
export function prepareSend(project: Project, input: SendInput): PreparedSend {
  const locale = messageLocale(input.locale);
  const redirects = resolveRedirects(project, input);
  if (project.pkceRequiredForEmailMagicLinks && input.code_challenge === undefined) {
    throw new ApiError('pkce_mismatch', { message: PKCE_REQUIRED_MESSAGE });
  }
  return {
    email: normaliseEmailAddress(input.email),
    redirects,
    minutes: {
      login: input.login_expiration_minutes ?? project.magicLinkExpirationMinutes,
      signup: input.signup_expiration_minutes ?? project.magicLinkExpirationMinutes,
    },
    codeChallenge: input.code_challenge ?? null,
    locale,
  };
}

/** A stored link: its row id, and the plaintext token that exists only until the email is rendered. */
export interface IssuedMagicLink {
  id: string;
  token: string;
}

/**
 * Revokes the address's unused links and stores a new one (its hash only); returns its id and
 * the plaintext token. Call with the address lock held (lockAddressForIssuance).
 */
export async function issueMagicLink(
  trx: Transaction,
  deps: { clock: Clock; random: Random },
  project: Project,
  send: PreparedSend,
  spec: LinkSpec,
): Promise<IssuedMagicLink> {
  const now = deps.clock.now();
  await magicLinks.revokeUnused(trx, { project_id: project.id, email: send.email }, now);
  // 33 bytes: exactly the 44 base64url characters of docs/contracts.md.
  const { token, hash } = mintToken(deps.random, 33);
  const id = newId('magicLink', project.environment, deps.random);
  await insertMagicLink(trx, {
    id,
    project_id: project.id,
    token_hash: hash,
    purpose: spec.purpose,
    user_id: spec.userId,
    email_id: spec.emailId,
    email: send.email,
    redirect_url: spec.redirectUrl,
    code_challenge: send.codeChallenge,
    failed_attempts: 0,
    created_at: now,
    expires_at: new Date(now.getTime() + spec.minutes * MINUTE_MS),
    used_at: null,
    revoked_at: null,
  });
  return { id, token };
}

/** The email carrying the link for `token`. */
export function magicLinkEmail(
  project: Project,
  send: PreparedSend,
  spec: LinkSpec,
  token: string,
): OutgoingEmail {
  return renderMagicLinkEmail({
    purpose: spec.purpose,
    to: send.email,
    projectName: project.name,
    link: buildMagicLinkUrl(spec.redirectUrl, token),
    expiresInMinutes: spec.minutes,
    locale: send.locale,
  });
}
