/** @module smtp-mailer — delivers email over SMTP (SMTP_URL) with nodemailer. */
import nodemailer from 'nodemailer';
import { mailFromOf, parseMailFrom } from './mail-sender.js';
import { MailDeliveryError, type Mailer } from './mailer.js';

/** Options of the SMTP mailer. */
export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (implicit TLS). */
  url: string;
  /** LATCHKEY_MAIL_FROM: the From of every project that names no sender of its own. */
  from: string;
}

/** Creates a mailer that sends each message over one pooled SMTP connection set. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  const deployment = parseMailFrom(options.from);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: mailFromOf(deployment, message.sender),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        throw new MailDeliveryError('the SMTP server did not accept the message', { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
