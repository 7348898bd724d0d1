/**
 * Issue 20: a project's own sender. Its emails leave through a real SMTP server on 127.0.0.1 with
 * the project's From; a queued message keeps the sender the project had when it was queued, even
 * when another instance sends it after the setting changed; SMS go out with the project's sender
 * id; bad values are refused naming the field, and null goes back to the deployment's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { requestMagicLink } from '../../test/magic-link-helpers.js';
import { sendOtp } from '../../test/otp-helpers.js';
import { givenProjectSettings, operatorAuthorization, patchProject } from '../../test/project-admin-calls.js';
import { startSecondInstance } from '../../test/second-instance.js';
import { type Received, useSmtpServer } from '../../test/smtp-capture.js';
import { drainDeliveries, json } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { createSmtpMailer } from './smtp-mailer.js';

const smtp = useSmtpServer();
const received = (): Received[] => smtp.received;

const DEPLOYMENT_FROM = 'Latchkey <no-reply@latchkey.test>';
const ctx = useTestContext(() => ({
  mailer: createSmtpMailer({ url: smtp.url, from: DEPLOYMENT_FROM }),
}));

beforeEach(async () => {
  smtp.received.length = 0;
  await givenProjectSettings(ctx, ctx.dev.project_id, {
    email_sender_name: null,
    email_sender_address: null,
    sms_sender: null,
  });
});

/** The From header of the one message sent to `to`. */
function fromHeaderTo(to: string): string | undefined {
  const messages = received().filter((message) => message.to.includes(to));
  expect(messages).toHaveLength(1);
  return /^From: (.*)$/m.exec(messages[0]?.raw ?? '')?.[1]?.trim();
}

describe("a project's email sender", () => {
  it('is the From of its emails (header and envelope), as the SMTP server receives them', async () => {
    const project = await givenProjectSettings(ctx, ctx.dev.project_id, {
      email_sender_name: 'Acme Support',
      email_sender_address: 'support@acme.test',
    });
    expect(project).toMatchObject({
      email_sender_name: 'Acme Support',
      email_sender_address: 'support@acme.test',
    });
    expect((await requestMagicLink(ctx, 'sender-1@example.com')).statusCode).toBe(200);
    await drainDeliveries(ctx);
    expect(fromHeaderTo('sender-1@example.com')).toBe('Acme Support <support@acme.test>');
    expect(received()[0]?.from).toBe('support@acme.test');
  });

  it("each part left null is the deployment's: a name alone keeps LATCHKEY_MAIL_FROM's address", async () => {
    await givenProjectSettings(ctx, ctx.dev.project_id, { email_sender_name: 'Acme "Beta", Inc.' });
    await requestMagicLink(ctx, 'sender-2@example.com');
    await drainDeliveries(ctx);
    expect(fromHeaderTo('sender-2@example.com')).toBe('"Acme \\"Beta\\", Inc." <no-reply@latchkey.test>');

    await givenProjectSettings(ctx, ctx.dev.project_id, { email_sender_name: null });
    await requestMagicLink(ctx, 'sender-3@example.com');
    await drainDeliveries(ctx);
    expect(fromHeaderTo('sender-3@example.com')).toBe(DEPLOYMENT_FROM);
  });

  it('is the one the project had when the message was queued, even sent by another instance after a change', async () => {
    await givenProjectSettings(ctx, ctx.dev.project_id, {
      email_sender_name: 'Before',
      email_sender_address: 'before@acme.test',
    });
    expect((await requestMagicLink(ctx, 'sender-4@example.com')).statusCode).toBe(200);
    await givenProjectSettings(ctx, ctx.dev.project_id, {
      email_sender_name: 'After',
      email_sender_address: 'after@acme.test',
    });
    // Another process (a restart is the same: only the stored job remains) sends what was queued.
    const second = await startSecondInstance(ctx, {
      mailer: () => createSmtpMailer({ url: smtp.url, from: DEPLOYMENT_FROM }),
    });
    try {
      await second.app.deliveries.drain();
    } finally {
      await second.close();
    }
    expect(fromHeaderTo('sender-4@example.com')).toBe('Before <before@acme.test>');
    await requestMagicLink(ctx, 'sender-5@example.com');
    await drainDeliveries(ctx);
    expect(fromHeaderTo('sender-5@example.com')).toBe('After <after@acme.test>');
  });
});

describe("a project's SMS sender", () => {
  it('is the sender of its text messages; WhatsApp keeps the deployment number', async () => {
    await givenProjectSettings(ctx, ctx.dev.project_id, { sms_sender: 'Acme' });
    expect((await sendOtp(ctx, 'sms', '+14155550111')).statusCode).toBe(200);
    expect((await sendOtp(ctx, 'whatsapp', '+14155550112')).statusCode).toBe(200);
    await drainDeliveries(ctx);
    const stored = await ctx.db
      .selectFrom('outbox_messages')
      .select(['to_address', 'channel', 'from_address'])
      .where('to_address', 'in', ['+14155550111', '+14155550112'])
      .orderBy('to_address')
      .execute();
    expect(stored).toEqual([
      { to_address: '+14155550111', channel: 'sms', from_address: 'Acme' },
      { to_address: '+14155550112', channel: 'whatsapp', from_address: 'Latchkey' },
    ]);
  });
});

describe('the sender settings', () => {
  it.each([
    ['email_sender_name', ''],
    ['email_sender_name', ' padded'],
    ['email_sender_name', 'Line\r\nBcc: victim@example.com'],
    ['email_sender_name', 'Acme <evil@example.com>'],
    ['email_sender_name', 'x'.repeat(101)],
    ['email_sender_name', 42],
    ['email_sender_address', 'not-an-address'],
    ['email_sender_address', 'a@b.test\r\nBcc: victim@example.com'],
    ['sms_sender', '123456'],
    ['sms_sender', 'TwelveLetter'],
    ['sms_sender', 'Acme!'],
    ['sms_sender', '+0123456789'],
  ])('refuses %s = %j with 400 naming it, and changes nothing', async (field, value) => {
    const before = json(
      await patchProject(ctx, ctx.dev.project_id, { email_sender_name: 'Kept', sms_sender: 'Kept' }),
    ).project;
    const response = await patchProject(ctx, ctx.dev.project_id, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error_type: 'invalid_request' });
    expect(response.body).toContain(field);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/v1/projects/${ctx.dev.project_id}`,
      headers: { authorization: await operatorAuthorization(ctx) },
    });
    expect(json(after).project).toMatchObject({
      email_sender_name: before.email_sender_name,
      email_sender_address: before.email_sender_address,
      sms_sender: before.sms_sender,
    });
  });

  it('takes an alphanumeric sender id with inner spaces or an E.164 number, and null resets', async () => {
    for (const sender of ['Acme Co', 'A1', '+14155550100'])
      expect((await givenProjectSettings(ctx, ctx.dev.project_id, { sms_sender: sender })).sms_sender).toBe(
        sender,
      );
    expect((await givenProjectSettings(ctx, ctx.dev.project_id, { sms_sender: null })).sms_sender).toBeNull();
  });
});
