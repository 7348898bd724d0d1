/** @module fastify-options — how the provider's Fastify instance is configured: limits, ids, logging, validation. */

import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { AppConfig } from '../app-config.js';
import type { AppDeps } from '../app-deps.js';
import { requestLogController } from '../logging/request-log.js';
import { requestIdGenerator } from '../plugins/request-context.js';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';

/** SECURITY §2: 64 KiB bodies for auth endpoints. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The options buildApp creates its Fastify instance with. */
export function fastifyOptions(config: AppConfig, deps: AppDeps): FastifyHttpOptions<Server> {
  return {
    loggerInstance: deps.logger,
    // Two lines per request cost ~3 % of a session check's CPU: production writes them at debug.
    logController: requestLogController(
      config.requestLog ?? { kind: config.mode === 'production' ? 'debug' : 'every' },
    ),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdGenerator(deps.random, config.mode === 'production' ? 'live' : 'test'),
    requestTimeout: 30_000,
    // Forwarded headers are read by plugins/client-address.ts alone, from the trusted proxies only.
    trustProxy: false,
    return503OnClosing: true,
    // Strict types: "5" is not a number and nothing is coerced behind the caller's back.
    // (Fastify's ajv compiler already installs ajv-formats, which gives `format: 'email'`.)
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } },
    // Fastify's compilers, each route's schemas compiled on its first request rather than at start.
    schemaController: { compilersFactory: lazySchemaCompilers() },
  };
}
