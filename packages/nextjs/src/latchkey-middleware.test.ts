/** latchkeyMiddleware on Node (Next.js 16's `proxy.ts` runs there). */
import { registerMiddlewareCases } from '../test/middleware-cases.js';

registerMiddlewareCases('Node');
