/**
 * Issue 16 item 4 (SECURITY E3): a send endpoint answers in the same time whether or not the
 * address has an account. The audit measured 15.5 ms against 4.9 ms at reset/start and 19.2 ms
 * against 12.5 ms at magic-link send/primary: the known address paid for issuing the token and
 * sending the email. At the secondary sends an address of another account got nothing sent, a
 * free one a message. login_or_create inserted a user for both and then either attached the
 * address (new) or deleted that user again (known), a delete that checks every table referencing
 * users: about 10 % slower for a known address. Now every send stores one delivery job and
 * answers; the token, the message and a new address's account come after the answer.
 *
 * How it proves it, so that it holds on a busy machine (issue 18: timing bounds are bugs): it
 * counts the work done before the answer instead of timing it. Each kind of address must run
 * the same SQL statements, in the same order, and hand nothing to a mail or SMS transport before
 * the answer; the answers must look alike. Every difference the audit measured was one of these
 * (a token inserted, a message sent, a user deleted), so the old code fails here on each case.
 * Several calls of each kind, after a warm-up, so a difference that shows only on a later call
 * (a limiter's bucket, a cached key) is seen too.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { givenPasswordUser } from '../test/password-helpers.js';
import { sdkPost } from '../test/sdk-call.js';
import { statementRecorder } from '../test/statement-recorder.js';
import { drainDeliveries } from '../test/test-app.js';
import { useTestContext } from '../test/use-test-context.js';

const WARM_UP = 2;
const CALLS = 3;

type Call = () => Promise<LightMyRequestResponse>;

const recorder = statementRecorder();
/** Messages handed to a transport so far (email and SMS). */
let transportCalls = 0;
const ctx = useTestContext({
  dbPlugins: [recorder.plugin],
  mailer: {
    send: async () => {
      transportCalls += 1;
    },
  },
  messenger: {
    supports: () => true,
    send: async () => {
      transportCalls += 1;
    },
  },
});
let session: string;

/** A POST to /sdk/v1{path} from one client address (its send-limit bucket exists after the warm-up). */
const post =
  (path: string, payload: Record<string, unknown>, sessionToken?: string): Call =>
  () =>
    sdkPost(ctx, path, payload, { sessionToken, ip: '10.16.4.1' });

beforeAll(async () => {
  await givenPasswordUser(ctx, 'known@example.com');
  await givenPasswordUser(ctx, 'taken@example.com');
  session = (await givenPasswordUser(ctx, 'signed-in@example.com')).session_token;
  await post('/otps/sms/login_or_create', { phone_number: '+14155550123' })();
  await drainDeliveries(ctx);
});

/** What one call did before its answer; the queue is drained afterwards, outside the record. */
interface Work {
  statements: string[];
  transportCalls: number;
  status: number;
  /** The answer's shape (`answerShape`). */
  answer: unknown;
}

async function workOf(call: Call): Promise<Work> {
  recorder.state.statements = [];
  const sentBefore = transportCalls;
  recorder.state.recording = true;
  let response: LightMyRequestResponse;
  try {
    response = await call();
  } finally {
    recorder.state.recording = false;
  }
  const work: Work = {
    statements: recorder.state.statements,
    transportCalls: transportCalls - sentBefore,
    status: response.statusCode,
    answer: answerShape(response.json()),
  };
  await drainDeliveries(ctx);
  return work;
}

/**
 * The answer's shape: its keys and numbers, with each string reduced to its kind (an id's prefix
 * before its random part), since every call gets ids of its own.
 */
function answerShape(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/-test-[0-9a-f-]+$|[0-9a-f-]{36}$/, '-…');
  if (Array.isArray(value)) return value.map(answerShape);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, answerShape(inner)]));
}

let fresh = 0;
/** The login_or_create case: "unknown" is a new address each time (that call creates its account). */
const newAddress = (field: string) =>
  field === 'email' ? `new-${++fresh}@example.com` : `+1415555${2000 + ++fresh}`;

type SendCase = readonly [
  name: string,
  path: string,
  field: string,
  known: string,
  unknown: string | undefined,
];

it.each<SendCase>([
  [
    'POST /passwords/email/reset/start',
    '/passwords/email/reset/start',
    'email',
    'known@example.com',
    'nobody@example.com',
  ],
  [
    'POST /magic_links/email/send/primary',
    '/magic_links/email/send/primary',
    'email',
    'known@example.com',
    'nobody@example.com',
  ],
  [
    'POST /otps/email/send/primary',
    '/otps/email/send/primary',
    'email',
    'known@example.com',
    'nobody@example.com',
  ],
  ['POST /otps/sms/send/primary', '/otps/sms/send/primary', 'phone_number', '+14155550123', '+14155550199'],
  [
    'POST /magic_links/email/send/secondary (another account’s address or a free one)',
    '/magic_links/email/send/secondary',
    'email',
    'taken@example.com',
    'free@example.com',
  ],
  [
    'POST /otps/email/send/secondary (another account’s address or a free one)',
    '/otps/email/send/secondary',
    'email',
    'taken@example.com',
    'free@example.com',
  ],
  [
    'POST /magic_links/email/login_or_create (a new account)',
    '/magic_links/email/login_or_create',
    'email',
    'known@example.com',
    undefined,
  ],
  [
    'POST /otps/sms/login_or_create (a new account)',
    '/otps/sms/login_or_create',
    'phone_number',
    '+14155550123',
    undefined,
  ],
])(
  '%s does the same work before its answer for an address without an account as for one with',
  async (_name, path, field, known, unknown) => {
    const secondary = path.endsWith('/secondary') ? session : undefined;
    const knownCall = post(path, { [field]: known }, secondary);
    const unknownCall: Call = () => post(path, { [field]: unknown ?? newAddress(field) }, secondary)();
    for (let i = 0; i < WARM_UP; i += 1) {
      await workOf(knownCall);
      await workOf(unknownCall);
    }
    const first = await workOf(knownCall);
    expect(first.status, JSON.stringify(first.answer)).toBe(200);
    // One delivery job stored, nothing sent yet: the message goes out after the answer.
    expect(first.statements.filter((sql) => /^insert into "delivery_jobs"/.test(sql))).toHaveLength(1);
    expect(first.transportCalls).toBe(0);
    for (let i = 0; i < CALLS; i += 1) {
      expect(await workOf(knownCall), 'a known address, again').toEqual(first);
      expect(await workOf(unknownCall), 'an address without an account').toEqual(first);
    }
  },
);
