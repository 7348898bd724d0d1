/**
 * @module magic-link-sends — a project's back end sends magic links: `POST /v1/magic_links/email/send`,
 * `/login_or_create`, `/invite` and `/revoke_invite`, named after the hosted provider's server SDK.
 * Requests and answers are flat and in the wire's snake_case.
 */

import type {
  ServerEmailLoginOrCreateResult,
  ServerEmailSendResult,
  ServerMagicLinksRevokeInviteResult,
} from '@latchkey/wire';
import { serverSend } from './internal/server-send.js';
import type { ResolvedServerClientOptions } from './options.js';

/** The end user's address and browser, as the integrator's server saw them (send limits count per address; a new session records them). */
export interface EndUserAttributes {
  ip_address?: string;
  user_agent?: string;
}

/** What every magic-link send takes besides the address. */
export interface MagicLinkOptions {
  /** Must be on the project's redirect allow-list; the project default when absent. */
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  /** 5 to 10,080 minutes; the project default when absent. */
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  /** Only `""`: Latchkey has no selectable email templates; a non-empty id → 400 `invalid_request`. */
  login_template_id?: string;
  /** Only `""`, as `login_template_id`. */
  signup_template_id?: string;
  locale?: string;
  /** PKCE: the link is redeemable only with the matching `code_verifier`. */
  code_challenge?: string;
  attributes?: EndUserAttributes;
}

/** `magicLinks.email.send`: a login link to a user's address, or, with a user named, an address to add to them. */
export interface MagicLinksEmailSendRequest extends MagicLinkOptions {
  email: string;
  /** Name at most one: the link then adds `email` to that user, redeemable only with their session. */
  user_id?: string;
  session_token?: string;
  session_jwt?: string;
}

/** `magicLinks.email.loginOrCreate`: a login link, or a sign-up link and a new user. */
export interface MagicLinksEmailLoginOrCreateRequest extends MagicLinkOptions {
  email: string;
  /** The new user is `pending` until the link is used. */
  create_user_as_pending?: boolean;
}

/** `magicLinks.email.invite`: a pending user made at once, and a sign-up link to them. */
export interface MagicLinksEmailInviteRequest {
  email: string;
  invite_magic_link_url?: string;
  invite_expiration_minutes?: number;
  /** Only `""`: Latchkey has no selectable email templates; a non-empty id → 400 `invalid_request`. */
  invite_template_id?: string;
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  trusted_metadata?: Record<string, unknown>;
  untrusted_metadata?: Record<string, unknown>;
  locale?: string;
  attributes?: EndUserAttributes;
}

export type MagicLinksEmailSendResult = ServerEmailSendResult;
export type MagicLinksEmailLoginOrCreateResult = ServerEmailLoginOrCreateResult;
export type MagicLinksEmailRevokeInviteResult = ServerMagicLinksRevokeInviteResult;

/**
 * The `magicLinks.email` namespace (project secret required). Every call throws a
 * `LatchkeyServerError` with the provider's `error_type` as `code` (`email_not_found`,
 * `duplicate_email`, `invalid_redirect_url`, `too_many_requests`, `invalid_request`, …), or
 * `invalid_argument` before any request for an empty address.
 */
export interface MagicLinksEmailServerMethods {
  /** Sends a login link to a user's address (`email_not_found` when no user has it), or adds it to the user named. */
  send(request: MagicLinksEmailSendRequest): Promise<MagicLinksEmailSendResult>;
  /** Sends a login link, or creates the user and sends a sign-up link (`user_created`). */
  loginOrCreate(request: MagicLinksEmailLoginOrCreateRequest): Promise<MagicLinksEmailLoginOrCreateResult>;
  /** Creates a pending user with the address (name, metadata) and sends an invitation; `duplicate_email` for an active user. */
  invite(request: MagicLinksEmailInviteRequest): Promise<MagicLinksEmailSendResult>;
  /** Withdraws the pending user's unused and queued invitations; `email_not_found` when none is pending. */
  revokeInvite(request: { email: string }): Promise<MagicLinksEmailRevokeInviteResult>;
}

const EMAIL_IDS = ['user_id', 'email_id'] as const;

/** Builds the namespace over resolved options. */
export function createMagicLinksEmailServerMethods(
  options: ResolvedServerClientOptions,
): MagicLinksEmailServerMethods {
  const send = <Result>(path: string, request: object, answerFields: readonly string[] = EMAIL_IDS) =>
    serverSend<Result>(options, `/v1/magic_links/email/${path}`, request, 'email', answerFields);
  return {
    send: (request) => send('send', request),
    loginOrCreate: (request) => send('login_or_create', request),
    invite: (request) => send('invite', request),
    // Only the address goes out: the provider refuses any other field.
    revokeInvite: (request) => send('revoke_invite', { email: request?.email }, []),
  };
}
