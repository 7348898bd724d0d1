/** The SMTP path against a real smtp-server on 127.0.0.1, end to end through the app. */
import { describe, expect, it } from 'vitest';
import { requestMagicLink } from '../../test/magic-link-helpers.js';
import { startSmtpServer, useSmtpServer } from '../../test/smtp-capture.js';
import { createTestContext, drainDeliveries, json } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { MailDeliveryError } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** Undoes quoted-printable soft breaks and escapes so assertions can read the body. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const smtp = useSmtpServer();
const ctx = useTestContext(() => ({
  mailer: createSmtpMailer({
    url: smtp.url,
    from: 'Latchkey <no-reply@latchkey.test>',
  }),
}));

describe('SMTP delivery', () => {
  it('delivers the magic-link email (HTML and text) to the SMTP server instead of the outbox', async () => {
    const response = await requestMagicLink(ctx, 'smtp-user@example.com');
    expect(response.statusCode).toBe(200);
    await drainDeliveries(ctx);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toBe('no-reply@latchkey.test');
    expect(message?.to).toEqual(['smtp-user@example.com']);
    const body = decodeQuotedPrintable(message?.raw ?? '');
    expect(body).toMatch(/^Subject: Finish creating your/m);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toMatch(
      /http:\/\/localhost:4100\/authenticate\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]{44}/,
    );
    expect(json(await ctx.app.inject({ method: 'GET', url: '/dev/outbox/messages' })).messages).toHaveLength(
      0,
    );
  });

  it('with the SMTP server unreachable: the send still answers 200, the link is revoked and retried later', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createSmtpMailer({ url: closed.url, from: 'x@latchkey.test' });
    await expect(
      mailer.send({ kind: 'magic_link', to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    const down = await createTestContext({ mailer });
    try {
      // Issue 16 item 4: the email goes out after the answer, so a transport failure is not
      // answered; it is retried (delivery-worker.test.ts covers the retries and giving up).
      const response = await requestMagicLink(down, 'nobody-home@example.com');
      expect(response.statusCode).toBe(200);
      await drainDeliveries(down);
      const job = await down.db.selectFrom('delivery_jobs').selectAll().executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 'pending', attempts: 1 });
      expect(job.run_at.getTime()).toBe(down.clock.now().getTime() + 5_000);
      // SECURITY J6: the link whose email did not go out is not left usable.
      const links = await down.db.selectFrom('magic_links').select('revoked_at').execute();
      expect(links).toHaveLength(1);
      expect(links[0]?.revoked_at).not.toBeNull();
    } finally {
      await down.close();
    }
  });
});
