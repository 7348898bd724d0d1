/**
 * login_or_create's account of a new address or number is created by the delivery worker, with
 * the ids the answer named (issue 16 item 4, SECURITY E3): the answer runs the same statements
 * whether or not the account exists; concurrent answers name one account; an address claimed
 * before the job runs stays its owner's; the account is made once however the job is retried or
 * taken over. PGlite and TEST_DATABASE_URL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  authenticateMagicLink,
  outboxFor,
  requestMagicLink,
  tokenFromText,
} from '../../../test/magic-link-helpers.js';
import {
  authenticateOtp,
  codeFromText,
  latestCode,
  type OtpChannel,
  sendOtp,
} from '../../../test/otp-helpers.js';
import { postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { startSecondInstance } from '../../../test/second-instance.js';
import { statementRecorder } from '../../../test/statement-recorder.js';
import { drainDeliveries, json, type TestContext } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { DELIVERY_CLAIM_MS } from '../../delivery/delivery-worker.js';
import { MailDeliveryError, type OutgoingEmail } from '../../email/mailer.js';

const usersWithId = (ctx: TestContext, id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).execute();

const ownerOf = (ctx: TestContext, email: string) =>
  ctx.db.selectFrom('emails').selectAll().where('email', '=', email).execute();

describe('the answer', () => {
  const recorder = statementRecorder();
  const ctx = useTestContext({ dbPlugins: [recorder.plugin] });

  async function statementsOf(call: () => Promise<LightMyRequestResponse>): Promise<string[]> {
    recorder.state.statements = [];
    recorder.state.recording = true;
    try {
      const response = await call();
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      recorder.state.recording = false;
    }
    await drainDeliveries(ctx);
    return recorder.state.statements;
  }

  let n = 0;
  const otpCases: Array<[OtpChannel, () => string]> = [
    ['email', () => `otp-${++n}@example.com`],
    ['sms', () => `+1415555${3000 + ++n}`],
    ['whatsapp', () => `+1415555${3000 + ++n}`],
  ];

  it.each(otpCases)(
    'otps/%s/login_or_create runs the same statements for a known recipient as for a new one',
    async (channel, fresh) => {
      const known = fresh();
      await sendOtp(ctx, channel, known);
      await drainDeliveries(ctx);
      const forNew = await statementsOf(() => sendOtp(ctx, channel, fresh(), { ip: '10.16.0.1' }));
      const forKnown = await statementsOf(() => sendOtp(ctx, channel, known, { ip: '10.16.0.1' }));
      expect(forKnown).toEqual(forNew);
      // One lookup of each kind and one write, the job: nothing that depends on the account.
      expect(forNew.filter((s) => /^(insert|update|delete)/.test(s) && !s.includes('rate_limit'))).toEqual([
        expect.stringMatching(/^insert into "delivery_jobs"/),
      ]);
    },
  );

  it.each([false, true])(
    'magic_links/email/login_or_create (create_user_as_pending: %s) runs the same statements for a known address as for a new one',
    async (pending) => {
      const body = { create_user_as_pending: pending };
      const known = `ml-${++n}@example.com`;
      await requestMagicLink(ctx, known);
      await drainDeliveries(ctx);
      const forNew = await statementsOf(() => requestMagicLink(ctx, `ml-${++n}@example.com`, body));
      const forKnown = await statementsOf(() => requestMagicLink(ctx, known, body));
      expect(forKnown).toEqual(forNew);
      expect(forNew.filter((s) => /^(insert|update|delete)/.test(s) && !s.includes('rate_limit'))).toEqual([
        expect.stringMatching(/^insert into "delivery_jobs"/),
      ]);
    },
  );
});

describe('a new account', () => {
  const ctx = useTestContext();

  it('appears when the job runs, with the ids the answer named, and the code signs it up', async () => {
    const sent = json(await sendOtp(ctx, 'sms', '+14155553101')).data;
    expect(await usersWithId(ctx, sent.user_id)).toEqual([]);

    const code = await latestCode(ctx, '+14155553101');
    expect(await usersWithId(ctx, sent.user_id)).toMatchObject([{ status: 'active' }]);
    const phones = await ctx.db
      .selectFrom('phone_numbers')
      .selectAll()
      .where('id', '=', sent.method_id)
      .execute();
    expect(phones).toMatchObject([{ user_id: sent.user_id, phone_number: '+14155553101', verified: false }]);

    const auth = json(await authenticateOtp(ctx, code, sent.method_id)).data;
    expect(auth).toMatchObject({ user_id: sent.user_id, method_id: sent.method_id });
    expect(auth.user.phone_numbers).toEqual([
      { phone_id: sent.method_id, phone_number: '+14155553101', verified: true },
    ]);
  });

  it('create_user_as_pending: a pending user, a signup link to the signup redirect, active once used', async () => {
    const sent = json(
      await requestMagicLink(ctx, 'pending@example.com', {
        create_user_as_pending: true,
        signup_magic_link_url: 'http://localhost:4100/welcome',
      }),
    ).data;
    expect(await usersWithId(ctx, sent.user_id)).toEqual([]);
    const [email] = await outboxFor(ctx, 'pending@example.com');
    expect(email?.subject).toBe('Finish creating your Development project account');
    expect(email?.text).toContain('http://localhost:4100/welcome?stytch_token_type=magic_links&token=');
    expect(await usersWithId(ctx, sent.user_id)).toMatchObject([{ status: 'pending' }]);
    expect(await ownerOf(ctx, 'pending@example.com')).toMatchObject([
      { id: sent.email_id, user_id: sent.user_id, verified: false },
    ]);

    const auth = json(await authenticateMagicLink(ctx, tokenFromText(email?.text as string))).data;
    expect(auth).toMatchObject({ user_id: sent.user_id, user: { status: 'active' } });
  });

  it('two answers at once for one new address name one account, and the newest code works with them', async () => {
    const [a, b] = (await Promise.all([0, 1].map(() => sendOtp(ctx, 'email', 'twice@example.com')))).map(
      (response) => json(response).data,
    );
    expect(b).toMatchObject({ user_id: a.user_id, method_id: a.method_id });
    const [newest, older] = await outboxFor(ctx, 'twice@example.com');
    // The first answer promised the account (a signup code), the second logs in to it.
    expect(older?.text).toContain('finish creating');
    expect(newest?.text).toContain('sign in');
    expect(await ownerOf(ctx, 'twice@example.com')).toMatchObject([{ id: a.method_id, user_id: a.user_id }]);
    expect((await authenticateOtp(ctx, codeFromText(older?.text as string), a.method_id)).statusCode).toBe(
      401,
    );
    const auth = await authenticateOtp(ctx, codeFromText(newest?.text as string), b.method_id);
    expect(json(auth).data).toMatchObject({ user_id: a.user_id, method_id: a.method_id });
  });

  it('ten answers at once, by magic link and by passcode, name one account', async () => {
    const answers = await Promise.all(
      [...Array(10)].map((_, i) =>
        i % 2 ? requestMagicLink(ctx, 'many@example.com') : sendOtp(ctx, 'email', 'many@example.com'),
      ),
    );
    const ids = answers.map((response) => {
      const { data } = json(response);
      return `${data.user_id} ${data.email_id}`;
    });
    expect(new Set(ids).size).toBe(1);
    await drainDeliveries(ctx);
    const [owner, ...others] = await ownerOf(ctx, 'many@example.com');
    expect(others).toEqual([]);
    expect(`${owner?.user_id} ${owner?.id}`).toBe(ids[0]);
  });

  it('an address claimed before the job runs stays its owner’s: no second account, nothing sent', async () => {
    const sent = json(await sendOtp(ctx, 'email', 'claimed@example.com')).data;
    const signUp = await postPasswords(ctx, '/passwords', {
      email: 'claimed@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(signUp.statusCode).toBe(200);
    expect(await outboxFor(ctx, 'claimed@example.com')).toEqual([]);
    expect(await usersWithId(ctx, sent.user_id)).toEqual([]);
    expect(await ownerOf(ctx, 'claimed@example.com')).toMatchObject([{ user_id: json(signUp).data.user_id }]);
  });
});

describe('made once', () => {
  const handed: OutgoingEmail[] = [];
  let failing = 0;
  const ctx = useTestContext({
    mailer: {
      async send(message) {
        if (failing > 0) {
          failing -= 1;
          throw new MailDeliveryError('relay down');
        }
        handed.push(message);
      },
    },
  });

  const retry = async (email: string) => {
    const [job] = await ctx.db
      .selectFrom('delivery_jobs')
      .selectAll()
      .where('recipient', '=', email)
      .execute();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    ctx.clock.set(job?.run_at as Date);
    await drainDeliveries(ctx);
  };

  it('a retry after the transport refused sends a new code for the account the first attempt made', async () => {
    failing = 1;
    const sent = json(await sendOtp(ctx, 'email', 'retry@example.com')).data;
    await drainDeliveries(ctx);
    expect(await usersWithId(ctx, sent.user_id)).toHaveLength(1);
    await retry('retry@example.com');
    const message = handed.find((m) => m.to === 'retry@example.com');
    const auth = await authenticateOtp(ctx, codeFromText(message?.text as string), sent.method_id);
    expect(json(auth).data).toMatchObject({ user_id: sent.user_id, method_id: sent.method_id });
    expect(await ownerOf(ctx, 'retry@example.com')).toHaveLength(1);
  });

  it('an account deleted by the operator after the job made it is not made again by its retry', async () => {
    failing = 1;
    const sent = json(await requestMagicLink(ctx, 'deleted@example.com')).data;
    await drainDeliveries(ctx);
    await ctx.db.deleteFrom('users').where('id', '=', sent.user_id).execute();
    await retry('deleted@example.com');
    expect(await usersWithId(ctx, sent.user_id)).toEqual([]);
    expect(await ownerOf(ctx, 'deleted@example.com')).toEqual([]);
    expect(handed.filter((m) => m.to === 'deleted@example.com')).toEqual([]);
  });

  it('a later job that named the same account makes it when the first was given up before it ran', async () => {
    const first = json(await sendOtp(ctx, 'email', 'late@example.com')).data;
    ctx.clock.advance(29 * 60_000);
    const second = json(await requestMagicLink(ctx, 'late@example.com')).data;
    expect(second).toMatchObject({ user_id: first.user_id, email_id: first.method_id });
    // The first job is now older than the queue's 30 minutes and is given up unrun.
    ctx.clock.advance(2 * 60_000);
    await drainDeliveries(ctx);
    const messages = handed.filter((m) => m.to === 'late@example.com');
    // The second answer named the account as a login (the first promised it): a sign-in link.
    expect(messages.map((m) => m.subject)).toEqual(['Your sign-in link for Development project']);
    const auth = await authenticateMagicLink(ctx, tokenFromText(messages[0]?.text as string));
    expect(json(auth).data).toMatchObject({ user_id: first.user_id });
  });
});

describe('a process killed after making the account, before sending', () => {
  const ctx = useTestContext();

  it('leaves it to the process that takes the job over, which sends a code for that account', async () => {
    const hung: OutgoingEmail[] = [];
    const dying = await startSecondInstance(ctx, {
      // The transport never answers: the process is killed in the middle of the send.
      mailer: () => ({ send: (message) => new Promise(() => void hung.push(message)) }),
      config: { delivery: { pollIntervalMs: 3_600_000, stopGraceMs: 10 } },
    });
    const sent = json(await sendOtp(ctx, 'email', 'killed@example.com', { app: dying.app })).data;
    await vi.waitFor(() => expect(hung).toHaveLength(1), { timeout: 15_000, interval: 20 });
    await dying.close();
    expect(await usersWithId(ctx, sent.user_id)).toHaveLength(1);

    ctx.clock.advance(DELIVERY_CLAIM_MS + 1_000);
    const code = await latestCode(ctx, 'killed@example.com');
    expect(await ownerOf(ctx, 'killed@example.com')).toMatchObject([
      { id: sent.method_id, user_id: sent.user_id },
    ]);
    const auth = await authenticateOtp(ctx, code, sent.method_id);
    expect(json(auth).data).toMatchObject({ user_id: sent.user_id, method_id: sent.method_id });
  });
});
