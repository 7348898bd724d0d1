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

/** Starts the server on a free port; `received` fills as messages arrive. */
export function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
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
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

/** A running capture server: its port and the messages it has received. */
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpServer>>;

/** The file's SMTP capture server: started before the first test, closed after the last. */
export function useSmtpServer(): SmtpCapture {
  return fileScoped(
    'the SMTP server',
    startSmtpServer,
    (smtp) => new Promise<void>((resolve) => smtp.server.close(() => resolve())),
  );
}
