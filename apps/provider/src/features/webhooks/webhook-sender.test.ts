/**
 * What a delivery that never reached its receiver records as its error (the console's delivery
 * log shows it): the network's code, or fetch's own reason when it has no code, never its bare
 * "fetch failed".
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { sendWebhook } from './webhook-sender.js';

const message = (url: string) => ({
  url,
  secret: `whsec_${Buffer.from('a webhook secret of 32 bytes....').toString('base64')}`,
  eventId: 'msg_test',
  body: '{"type":"test"}',
  sentAt: new Date(),
});

describe('sendWebhook, unreached', () => {
  it('records the connection refusal by its code', async () => {
    const outcome = await sendWebhook(message(`http://127.0.0.1:${await freePort()}/hooks`), 10_000);
    expect(outcome).toMatchObject({ statusCode: null, error: 'ECONNREFUSED' });
  });

  it('records why fetch refused a port it never calls (9, discard)', async () => {
    const outcome = await sendWebhook(message('http://127.0.0.1:9/hooks'), 10_000);
    expect(outcome).toMatchObject({ statusCode: null, error: 'bad port' });
  });
});
