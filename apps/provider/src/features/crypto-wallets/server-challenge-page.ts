/**
 * @module server-challenge-page — the page a server-issued wallet challenge names. A browser's
 * start names the page its Origin header shows; a call from the integrator's server has no page,
 * so the page comes from `siwe_params` (`domain` and `uri`) or Latchkey's `page_origin` only when
 * it is one the project allows (its allowed origins; for the development project any local page,
 * as for its browser starts), else 400 naming the field — so no caller can have a wallet sign a
 * message for a site that is not the project's (SECURITY G1). With neither, the project's first
 * allowed origin.
 */
import { type ApiError, badField } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isOriginAllowed } from '../projects/project-policy.js';

/** The page of a server start and the SIWE fields left for siwe-params.ts to judge (`domain` is used up here). */
export interface ServerChallengePage {
  origin: string;
  siweParams: Record<string, unknown> | undefined;
}

/** 400 invalid_request naming `field` in a sentence (`<field> <message>`), as the wallet checks word it. */
export function badWalletField(field: string, message: string): ApiError {
  return badField(field, message, `${field} ${message}`);
}

/**
 * The page a server start names: `siwe_params.uri`'s origin (Ethereum), or `pageOrigin` (Latchkey's
 * `page_origin`, either wallet type), each only when the project allows it — the development
 * project allows any local `http://localhost:PORT` page, as its browser starts do — or, with
 * neither, the project's first allowed origin. Both sent → they must be the same page.
 */
export function serverChallengePage(
  project: Project,
  siweParams: { domain: string; uri: string; [key: string]: unknown } | undefined,
  pageOrigin?: string,
): ServerChallengePage {
  const named = pageOrigin === undefined ? undefined : allowedPageOrigin(project, pageOrigin);
  if (siweParams === undefined) {
    const origin = named ?? project.allowedOrigins[0];
    if (origin === undefined)
      throw badWalletField(
        'page_origin',
        'is required: the project has no allowed origin of its own, so name the page the wallet signs for (for the development project, http://localhost:PORT).',
      );
    return { origin, siweParams: undefined };
  }
  const { domain, ...rest } = siweParams;
  const url = URL.canParse(siweParams.uri) ? new URL(siweParams.uri) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol))
    throw badWalletField('siwe_params.uri', 'must be an absolute http(s) URI of a page of the project.');
  if (!isOriginAllowed(project, url.origin))
    throw badWalletField(
      'siwe_params.uri',
      `must be on one of the project's allowed origins (${url.origin} is not).`,
    );
  // EIP-4361: the domain is the authority (host and port) of the page that asks.
  if (domain.toLowerCase() !== url.host)
    throw badWalletField('siwe_params.domain', `must be the authority of siwe_params.uri (${url.host}).`);
  if (named !== undefined && named !== url.origin)
    throw badWalletField(
      'page_origin',
      `must be the origin of siwe_params.uri (${url.origin}) when both are sent.`,
    );
  return { origin: url.origin, siweParams: rest };
}

/** `value` when it is exactly an origin (scheme, host, port; nothing after) the project allows, else 400 naming page_origin. */
function allowedPageOrigin(project: Project, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.origin !== value)
    throw badWalletField(
      'page_origin',
      'must be an origin such as https://app.example or http://localhost:3000 (no path).',
    );
  if (!isOriginAllowed(project, value))
    throw badWalletField('page_origin', `must be one of the project's allowed origins (${value} is not).`);
  return value;
}
