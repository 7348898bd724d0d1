/**
 * @module console.routes — /console/: the admin console's single-page app. Hashed assets under
 * /console/assets/ (cached for a year), and index.html for every other address below /console/
 * (never cached), so a deep link such as /console/projects/{id}/keys reloads to the same page.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ConsoleFiles } from './console-files.js';
import { ASSET_CACHE_CONTROL, CONSOLE_CSP, PAGE_CACHE_CONTROL } from './console-policy.js';

function hardened(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONSOLE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}

export const consoleRoutes: FastifyPluginAsync<{ files: ConsoleFiles }> = async (app, { files }) => {
  app.get('/console', async (_request, reply) => reply.redirect('/console/', 308));
  app.get<{ Params: { name: string } }>('/console/assets/:name', async (request, reply) => {
    const file = files.assets.get(request.params.name);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return hardened(reply).header('cache-control', ASSET_CACHE_CONTROL).type(file.type).send(file.body);
  });
  const page = async (_request: unknown, reply: FastifyReply) =>
    hardened(reply)
      .header('cache-control', PAGE_CACHE_CONTROL)
      .type('text/html; charset=utf-8')
      .send(files.indexHtml);
  app.get('/console/', page);
  app.get('/console/*', page);
};
