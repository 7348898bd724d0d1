/** @module smtp-mailer — delivers email over SMTP (SMTP_URL) with nodemailer. */
import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer } from './mailer.js';

/** Options of the SMTP mailer. */
export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (implicit TLS). */
  url: string;
  from: string;
}

/** Creates a mailer that sends each message over one pooled SMTP connection set. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
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
