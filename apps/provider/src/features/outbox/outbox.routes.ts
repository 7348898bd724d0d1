/** @module outbox.routes — the dev outbox page and JSON API (development mode only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { listOutboxMessages } from './outbox.repository.js';
import { OutboxQuery, OutboxResponse } from './outbox.schemas.js';
import { renderOutboxPage } from './outbox-page.js';

/** Newest messages shown at most. */
const LIMIT = 200;

/** Registers GET /dev/outbox and GET /dev/outbox/messages. */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, options) => {
  app.get('/dev/outbox', async (_request, reply) => {
    const messages = await listOutboxMessages(options.db, { limit: LIMIT });
    reply
      .type('text/html; charset=utf-8')
      // The links carry live tokens: never leak them through Referer, never load anything external.
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    return renderOutboxPage(messages);
  });

  app.get(
    '/dev/outbox/messages',
    { schema: { querystring: OutboxQuery, response: { 200: OutboxResponse } } },
    async (request) => {
      const rows = await listOutboxMessages(options.db, { to: request.query.to, limit: LIMIT });
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to_address,
          from: row.from_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
