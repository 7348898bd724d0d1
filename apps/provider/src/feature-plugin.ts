/** @module feature-plugin — how a feature folder plugs into the app: one plugin that builds its services and registers its routes. */
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from './app-config.js';
import type { AppDeps } from './app-deps.js';

/** What app.ts hands every feature plugin; each reads its own slice. */
export interface FeatureOptions {
  config: AppConfig;
  deps: AppDeps;
}

/** Where the SDK's routes live (wire/README.md); a feature registers its SDK routes with this prefix. */
export const SDK_PREFIX = '/sdk/v1';

/**
 * Declares a feature's plugin. It is not encapsulated (fastify-plugin), so the services it
 * decorates the app with are seen by the features registered after it; its routes stay in their
 * own encapsulated children. `dependencies` names the plugins whose decorations it reads: Fastify
 * refuses to start when one of them is missing or registered later.
 */
export function featurePlugin(
  name: string,
  dependencies: string[],
  plugin: FastifyPluginAsync<FeatureOptions>,
): FastifyPluginAsync<FeatureOptions> {
  return fastifyPlugin(plugin, { name, dependencies, fastify: '5.x' });
}
