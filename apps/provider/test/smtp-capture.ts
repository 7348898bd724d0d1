/** A real SMTP server on 127.0.0.1 that keeps every message it receives, for tests of what leaves by SMTP. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { fileScoped } from './file-scoped.js';

/** One message as the server received it: the envelope and the raw RFC 5322 text. */
export interface Received {
  /** The envelope sender (MAIL FROM). */
  from: string;
  to: string[];
  raw: string;
}

/** A running capture server: its URL, the messages it has received, and how to stop it. */
export interface SmtpCapture {
  /** `smtp://127.0.0.1:PORT`, for createSmtpMailer. */
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Starts the server on a free port; `received` fills as messages arrive. */
export function startSmtpServer(): Promise<SmtpCapture> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}

/** The file's SMTP capture server: started before the first test, closed after the last. */
export function useSmtpServer(): SmtpCapture {
  return fileScoped('the SMTP server', startSmtpServer, (smtp) => smtp.close());
}
