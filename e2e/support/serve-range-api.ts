// The end-to-end stack's breached-password range API: the provider tests' fixture server, on a fixed port.
import { startRangeApi } from '../../apps/provider/test/range-api-server.js';
import { ports } from './stack.js';

const api = await startRangeApi([], { port: ports.rangeApi });
console.log(`range API fixture on ${api.url}`);
