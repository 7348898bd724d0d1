/** The "your password was changed" notice after every password change, read from the dev outbox (SECURITY B3, B9). */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, outboxFor } from '../../../test/magic-link-helpers.js';
import {
  givenPasswordUser,
  NEW_PASSWORD,
  postPasswords,
  resetLinksFor,
  STRONG_PASSWORD,
  startReset,
} from '../../../test/password-helpers.js';
import { createTestContext, json, outboxMailerFor } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { MailDeliveryError, type Mailer } from '../../email/mailer.js';

const ctx = useTestContext();

const CHANGED = 'Your Development project password was changed';
const subjects = async (email: string) => (await outboxFor(ctx, email)).map((message) => message.subject);
const notices = async (email: string) =>
  (await outboxFor(ctx, email)).filter((message) => message.subject === CHANGED);
const sessionReset = (token: string, password: string) =>
  postPasswords(ctx, '/passwords/session/reset', { password }, { sessionToken: token });

describe('the password changed notice', () => {
  it('is not sent when an account is created with a password', async () => {
    await givenPasswordUser(ctx, 'first@example.com');
    expect(await subjects('first@example.com')).toEqual([]);
  });

  it('goes to the stored address after a reset by email, without any link or token', async () => {
    await givenPasswordUser(ctx, 'by-email@example.com');
    await startReset(ctx, 'by-email@example.com');
    const { reset } = await resetLinksFor(ctx, 'by-email@example.com');
    const response = await postPasswords(ctx, '/passwords/email/reset', {
      token: reset,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const [notice, ...rest] = await notices('by-email@example.com');
    expect(rest).toEqual([]);
    expect(notice?.to).toBe('by-email@example.com');
    expect(notice?.text).toContain('by-email@example.com');
    expect(notice?.text).toContain('with a password reset link');
    expect(notice?.text).toContain('2026-03-01 12:00 UTC');
    expect(notice?.text).not.toMatch(/https?:|token=/);
    expect(notice?.html).toContain('<h1');
    expect(notice?.html).not.toContain(reset);
  });

  it('is sent exactly once when two resets race on one token (B3)', async () => {
    await givenPasswordUser(ctx, 'race-notice@example.com');
    await startReset(ctx, 'race-notice@example.com');
    const { reset } = await resetLinksFor(ctx, 'race-notice@example.com');
    const answers = await Promise.all(
      ['race-notice-alpha-kettle-31', 'race-notice-bravo-kettle-32'].map((password) =>
        postPasswords(ctx, '/passwords/email/reset', { token: reset, password }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(await notices('race-notice@example.com')).toHaveLength(1);
  });

  it('follows a change with the existing password, and not a refused one', async () => {
    await givenPasswordUser(ctx, 'existing@example.com');
    const change = (existing: string) =>
      postPasswords(ctx, '/passwords/existing_password/reset', {
        email: 'existing@example.com',
        existing_password: existing,
        new_password: NEW_PASSWORD,
      });
    expect((await change('not-the-password-at-all-1')).statusCode).toBe(401);
    expect(await notices('existing@example.com')).toEqual([]);
    expect((await change(STRONG_PASSWORD)).statusCode).toBe(200);
    const [notice] = await notices('existing@example.com');
    expect(notice?.text).toContain('by someone who entered the old password');
  });

  it('follows a session reset: "changed" for a replacement, "added" for a first password', async () => {
    const created = await givenPasswordUser(ctx, 'session-change@example.com');
    expect((await sessionReset(created.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await notices('session-change@example.com')).toHaveLength(1);

    const passwordless = await givenSignedInUser(ctx, 'session-first@example.com');
    expect((await sessionReset(passwordless.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    const [added] = await outboxFor(ctx, 'session-first@example.com');
    expect(added?.subject).toBe('A password was added to your Development project account');
    expect(added?.text).toContain('got a password from a signed-in session');
  });
});

it('a failed delivery of the notice is logged, and the change and its session stand', async () => {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  let outbox: Mailer | undefined;
  const failing = await createTestContext({
    logger: pino({ level: 'info' }, sink),
    mailer: {
      async send(message) {
        if (message.subject.includes('password was changed')) throw new MailDeliveryError('smtp down');
        await outbox?.send(message);
      },
    },
  });
  outbox = outboxMailerFor(failing.db, failing.clock);
  try {
    await givenPasswordUser(failing, 'smtp-down@example.com');
    const response = await postPasswords(failing, '/passwords/existing_password/reset', {
      email: 'smtp-down@example.com',
      existing_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.session_token).toBeTruthy();
    expect(logLines.filter((line) => line.includes('password changed notice not delivered'))).toHaveLength(1);
    const login = await postPasswords(failing, '/passwords/authenticate', {
      email: 'smtp-down@example.com',
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  } finally {
    await failing.close();
  }
});
