/**
 * @module email-previews — GET /v1/projects/{project_id}/email_previews (operator): every email the
 * project sends, rendered by the real templates with its name and sample values (never a live
 * token). A Latchkey addition for the admin console.
 */
import { type Static, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';

export const EmailPreviewSchema = Type.Object({
  /** Which email: `magic_link_login`, `otp_login`, `password_reset`, `password_changed`, `password_locked_notice`, … */
  kind: Type.String(),
  /** What the console lists it as, e.g. "Magic link: sign in". */
  title: Type.String(),
  /** When the project sends it. */
  sent_when: Type.String(),
  /** The From it leaves with: the project's sender where set, else the deployment's (LATCHKEY_MAIL_FROM). */
  from: Type.String(),
  /** The sample recipient. */
  to: Type.String(),
  subject: Type.String(),
  /** A whole HTML document; show it in a sandboxed frame. */
  html: Type.String(),
  text: Type.String(),
});

export const EmailPreviewsResponse = Type.Object({
  ...flatAnswerFields,
  project_id: Type.String(),
  email_previews: Type.Array(EmailPreviewSchema),
});

export type EmailPreview = Static<typeof EmailPreviewSchema>;
export type EmailPreviewsResult = Static<typeof EmailPreviewsResponse>;
