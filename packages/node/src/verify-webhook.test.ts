import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { LatchkeyWebhookError, verifyWebhook } from './verify-webhook.js';

const secret = `whsec_${Buffer.from('a webhook secret of 32 bytes ...').toString('base64')}`;
const event = {
  type: 'session.revoked',
  timestamp: '2030-01-01T00:00:00Z',
  data: { session_id: 'session-test-1' },
};
const payload = JSON.stringify(event);

/** Headers as the provider sends them, signed by the Standard Webhooks library itself at `at`. */
function signedHeaders(body: string, at = new Date(), id = 'msg_test_1') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LatchkeyWebhookError);
    return (error as LatchkeyWebhookError).code;
  }
  return undefined;
}

describe('verifyWebhook', () => {
  it('returns the event of a correctly signed body (string, Buffer, Headers, array-valued and mixed-case headers)', () => {
    const headers = signedHeaders(payload);
    expect(verifyWebhook(payload, headers, secret)).toEqual(event);
    expect(verifyWebhook(Buffer.from(payload), new Headers(headers), secret)).toEqual(event);
    const nodeStyle = {
      'Webhook-Id': headers['webhook-id'],
      'webhook-timestamp': [headers['webhook-timestamp']],
      'webhook-signature': headers['webhook-signature'],
    };
    expect(verifyWebhook(payload, nodeStyle, secret)).toEqual(event);
  });

  it('refuses a changed body, another secret, or a missing header, each with its code', () => {
    const headers = signedHeaders(payload);
    expect(refusal(() => verifyWebhook(payload.replace('revoked', 'created'), headers, secret))).toBe(
      'invalid_signature',
    );
    const other = `whsec_${Buffer.from('another secret of thirty-two by').toString('base64')}`;
    expect(refusal(() => verifyWebhook(payload, headers, other))).toBe('invalid_signature');
    const { 'webhook-signature': _dropped, ...unsigned } = headers;
    expect(refusal(() => verifyWebhook(payload, unsigned, secret))).toBe('missing_headers');
  });

  it('refuses a timestamp more than 5 minutes old or ahead (a replay), even with a valid signature', () => {
    const old = signedHeaders(payload, new Date(Date.now() - 6 * 60_000));
    expect(refusal(() => verifyWebhook(payload, old, secret))).toBe('timestamp_too_old');
    const ahead = signedHeaders(payload, new Date(Date.now() + 6 * 60_000));
    expect(refusal(() => verifyWebhook(payload, ahead, secret))).toBe('timestamp_too_new');
  });

  it('refuses a signed body that is not an event object', () => {
    expect(refusal(() => verifyWebhook('[1]', signedHeaders('[1]'), secret))).toBe('invalid_payload');
  });
});
