// @vitest-environment edge-runtime
/**
 * latchkeyMiddleware under the edge runtime's globals (@edge-runtime/vm: its Request, Response,
 * Headers, fetch and WebCrypto). Vitest leaves Node's `Buffer` beside them, which Next's own
 * edge bundle polyfills for itself; that this package needs neither is edge-safety.test.ts's proof.
 */
import { registerMiddlewareCases } from '../test/middleware-cases.js';

registerMiddlewareCases('the edge runtime');
