/** @module client-hints — the user-agent client hints a browser sends with a request. */
import type { FastifyRequest } from 'fastify';
import type { ClientHints } from '../features/webauthn/browser-and-os.js';

/** `Sec-CH-UA` and `Sec-CH-UA-Platform` (bounded), where the browser sent them. */
export function clientHintsOf(request: FastifyRequest): ClientHints {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' ? value.slice(0, 512) : undefined;
  };
  return { brands: header('sec-ch-ua'), platform: header('sec-ch-ua-platform') };
}
