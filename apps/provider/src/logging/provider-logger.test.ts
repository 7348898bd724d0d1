/** The provider logger's serializers: what a request line and an error may show (issue 16 item 6). */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MailDeliveryError } from '../email/mailer.js';
import { ApiError } from '../errors/api-error.js';
import { describeError } from './describe-error.js';
import { createProviderLogger } from './provider-logger.js';
import { redactQuery } from './redact-query.js';

function bufferedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createProviderLogger({ level: 'trace', destination }), lines };
}

describe('redactQuery', () => {
  it.each([
    [
      '/v1/public/oauth/google/callback?code=abc&state=xyz',
      '/v1/public/oauth/google/callback?code=[redacted]&state=[redacted]',
    ],
    [
      '/authenticate?stytch_token_type=magic_links&token=T0k3n',
      '/authenticate?stytch_token_type=[redacted]&token=[redacted]',
    ],
    ['/start?public_token=public-token-test-1&flag', '/start?public_token=[redacted]&flag'],
    ['/sdk/v1/otps/authenticate', '/sdk/v1/otps/authenticate'],
    ['/x?', '/x?'],
    ['/x?a=1#token=frag', '/x?a=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactQuery(url)).toBe(expected);
  });
});

describe('describeError', () => {
  it("keeps a database error's name, message and code but not its parameters, query or detail", () => {
    // The shape of PGlite's DatabaseError: it carries the statement and its parameters.
    const database = Object.assign(new Error('duplicate key value violates unique constraint "t_pkey"'), {
      name: 'error',
      code: '23505',
      detail: 'Key (id)=(a) already exists.',
      query: 'insert into outbox_messages values ($1, $2)',
      params: ['a', 'https://x.test/?token=SECRET-IN-PARAMS'],
    });
    const described = describeError(new ApiError('service_unavailable', { cause: database }));
    expect(described).toMatchObject({
      type: 'ApiError',
      code: 'service_unavailable',
      status: 503,
      cause: { type: 'error', code: '23505', message: expect.stringContaining('duplicate key') },
    });
    expect(JSON.stringify(described)).not.toMatch(/SECRET-IN-PARAMS|insert into|Key \(id\)/);
  });

  it("keeps a transport error's chain but not the response or envelope its cause carries", () => {
    const smtp = Object.assign(new Error('Message failed'), {
      code: 'EMESSAGE',
      response: '550 rejected: Your code is 123456',
      envelope: { to: ['a@example.com'] },
    });
    const described = describeError(
      new MailDeliveryError('the SMTP server did not accept the message', { cause: smtp }),
    );
    expect(described.cause).toMatchObject({ type: 'Error', message: 'Message failed', code: 'EMESSAGE' });
    expect(JSON.stringify(described)).not.toMatch(/123456|envelope|response/);
  });

  it('describes a thrown non-error by its type and code only', () => {
    expect(describeError({ code: 'ECONNREFUSED', password: 'x' })).toEqual({
      type: 'object',
      message: 'a value that is not an Error was thrown',
      code: 'ECONNREFUSED',
    });
  });
});

describe('createProviderLogger', () => {
  it('writes `err` through describeError and redacts credentials a call site passes', () => {
    const { logger, lines } = bufferedLogger();
    const error = Object.assign(new Error('boom'), { params: ['SECRET-PARAM'] });
    logger.error(
      { err: error, headers: { authorization: 'Basic c2VjcmV0', cookie: 'stytch_session=SECRET' } },
      'failed',
    );
    const [line] = lines;
    expect(JSON.parse(line as string)).toMatchObject({
      level: 50,
      name: 'latchkey-provider',
      err: { type: 'Error', message: 'boom' },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
    });
    expect(line).not.toMatch(/SECRET|c2VjcmV0/);
  });
});
