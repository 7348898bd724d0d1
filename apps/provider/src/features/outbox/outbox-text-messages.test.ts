/** The dev outbox with SMS and WhatsApp messages: the JSON filter by number and the page. */
import { beforeAll, expect, it } from 'vitest';
import { sendOtp } from '../../../test/otp-helpers.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
beforeAll(async () => {
  await sendOtp(ctx, 'sms', '+14155552671');
  await sendOtp(ctx, 'whatsapp', '+447911123456');
  await drainDeliveries(ctx);
});

const list = async (query: string) =>
  json(await ctx.app.inject({ method: 'GET', url: `/dev/outbox/messages${query}` })).messages as Array<
    Record<string, string>
  >;

it('filters by the E.164 number, encoded or with the + turned into a space by the query string', async () => {
  for (const query of ['?to=%2B14155552671', '?to=+14155552671', '?to=14155552671']) {
    const messages = await list(query);
    expect(messages.map((m) => [m.channel, m.to])).toEqual([['sms', '+14155552671']]);
  }
  expect((await list('?to=%2B447911123456'))[0]).toMatchObject({
    channel: 'whatsapp',
    subject: '',
    html: '',
  });
});

it('shows text messages on the page under their channel, with the code readable', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
  expect(response.body).toContain('<h2>SMS</h2>');
  expect(response.body).toContain('<h2>WhatsApp message</h2>');
  expect(response.body).toMatch(/<pre>Your Development project code is \d{6}\./);
  expect(response.body).not.toContain('<iframe');
});
