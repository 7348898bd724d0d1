/**
 * @module email-template-ids — the hosted provider's `*_template_id` fields (`login_template_id`,
 * `signup_template_id`, `invite_template_id`, `reset_password_template_id`) pick one of its
 * dashboard's email templates. Latchkey has no selectable templates: every email is the project's
 * one (docs/provider-api.md "Email templates"), so a non-empty id is refused with a 400 naming the
 * field rather than silently sending another email than the caller chose. Absent or `""` passes.
 */
import type { FastifyInstance } from 'fastify';
import { badField } from '../errors/api-error.js';

const TEMPLATE_ID_FIELD = /_template_id$/;

/** The first top-level `*_template_id` field of `body` with a non-empty value, if any. */
export function chosenTemplateIdField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return Object.entries(body).find(
    ([key, value]) => TEMPLATE_ID_FIELD.test(key) && value !== undefined && value !== null && value !== '',
  )?.[0];
}

/**
 * Refuses a chosen template on every route, after its credentials and schema were checked (so an
 * unauthenticated caller learns nothing) and before its handler (so nothing is counted or sent).
 */
export function registerEmailTemplateIdCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = chosenTemplateIdField(request.body);
    if (field === undefined) return;
    const message =
      'is not supported: Latchkey has no selectable email templates (every email is the project’s own); leave it out';
    throw badField(field, message, `${field} ${message}.`);
  });
}
