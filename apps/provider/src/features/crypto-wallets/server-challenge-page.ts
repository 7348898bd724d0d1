/**
 * @module server-challenge-page — the page a server-issued wallet challenge names. A browser's
 * start names the page its Origin header shows; a call from the integrator's server has no page,
 * so the page comes from `siwe_params` (`domain` and `uri`) only when it is one of the project's
 * allowed origins, else 400 naming the field — so no caller can have a wallet sign a message for
 * a site that is not the project's (SECURITY G1). Without `siwe_params`, the project's first
 * allowed origin.
 */
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isOriginAllowed } from '../projects/project-policy.js';

/** The page of a server start and the SIWE fields left for siwe-params.ts to judge (`domain` is used up here). */
export interface ServerChallengePage {
  origin: string;
  siweParams: Record<string, unknown> | undefined;
}

function badField(field: string, message: string): ApiError {
  return new ApiError('invalid_request', {
    message: `${field} ${message}`,
    body: [{ dataPath: `.${field}`, message }],
  });
}

/** The page named by `siwe_params` (checked against the project's allowed origins), or the project's first origin. */
export function serverChallengePage(
  project: Project,
  siweParams: { domain: string; uri: string; [key: string]: unknown } | undefined,
): ServerChallengePage {
  if (siweParams === undefined) {
    const origin = project.allowedOrigins[0];
    if (origin === undefined)
      throw badField('siwe_params', 'is required: the project has no allowed origin to name in the message.');
    return { origin, siweParams: undefined };
  }
  const { domain, ...rest } = siweParams;
  const url = URL.canParse(siweParams.uri) ? new URL(siweParams.uri) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol))
    throw badField('siwe_params.uri', 'must be an absolute http(s) URI of a page of the project.');
  if (!isOriginAllowed(project, url.origin))
    throw badField(
      'siwe_params.uri',
      `must be on one of the project's allowed origins (${url.origin} is not).`,
    );
  // EIP-4361: the domain is the authority (host and port) of the page that asks.
  if (domain.toLowerCase() !== url.host)
    throw badField('siwe_params.domain', `must be the authority of siwe_params.uri (${url.host}).`);
  return { origin: url.origin, siweParams: rest };
}
