/** Bad input on every /passwords* endpoint and /users/search: clear 400s, nothing stored (SECURITY F3, §2 "Password maximum"). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { givenPasswordUser, PASSWORD_FLOW_TABLES, postPasswords } from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { isEmailAddress } from '../users/email-address.js';

const ctx = useTestContext();

const PASSWORD = 'marble-comet-tundra-44-violin';
type FieldKind = 'string' | 'integer';

type Endpoint = { body: Record<string, unknown>; fields: Record<string, FieldKind> };

/** The fields every browser call below may carry besides its own. */
const CAPTCHA_FIELDS = { captcha_token: 'string', dfp_telemetry_id: 'string' } as const;

/** Create and authenticate take the same body. */
const SIGN_IN: Endpoint = {
  body: { email: 'x@example.com', password: PASSWORD, session_duration_minutes: 60 },
  fields: { email: 'string', password: 'string', session_duration_minutes: 'integer', ...CAPTCHA_FIELDS },
};

/** Each endpoint: a body its schema accepts, and the JSON type of every field. */
const endpoints: Record<string, Endpoint> = {
  '/passwords': SIGN_IN,
  '/passwords/authenticate': SIGN_IN,
  '/passwords/existing_password/reset': {
    body: { email: 'x@example.com', existing_password: PASSWORD, new_password: `${PASSWORD}-2` },
    fields: {
      email: 'string',
      existing_password: 'string',
      new_password: 'string',
      session_duration_minutes: 'integer',
      ...CAPTCHA_FIELDS,
    },
  },
  '/passwords/session/reset': {
    body: { password: PASSWORD },
    fields: {
      password: 'string',
      session_duration_minutes: 'integer',
      ...CAPTCHA_FIELDS,
    },
  },
  '/passwords/email/reset/start': {
    body: { email: 'x@example.com' },
    fields: {
      email: 'string',
      login_redirect_url: 'string',
      reset_password_redirect_url: 'string',
      reset_password_expiration_minutes: 'integer',
      reset_password_template_id: 'string',
      code_challenge: 'string',
      ...CAPTCHA_FIELDS,
    },
  },
  '/passwords/email/reset': {
    body: { token: 'abc', password: PASSWORD },
    fields: {
      token: 'string',
      password: 'string',
      session_duration_minutes: 'integer',
      code_verifier: 'string',
      ...CAPTCHA_FIELDS,
    },
  },
  '/passwords/strength_check': {
    body: { password: PASSWORD },
    fields: { email: 'string', password: 'string' },
  },
  '/users/search': {
    body: { email: 'x@example.com' },
    fields: { email: 'string', ...CAPTCHA_FIELDS },
  },
};

const wrongValues: Record<FieldKind, unknown[]> = {
  string: [42, true, null, ['x'], { x: 'y' }],
  integer: ['60', 60.5, true, null, [60], {}],
};

/** Row counts of everything a password call could touch. */
async function snapshot(): Promise<Record<string, number>> {
  return rowCounts(ctx, [...PASSWORD_FLOW_TABLES, 'rate_limit_buckets']);
}

describe('wrong JSON types', () => {
  it('every argument of every endpoint: 400 invalid_request with the schema error shape, nothing changed', async () => {
    await givenPasswordUser(ctx, 'x@example.com', PASSWORD);
    const before = await snapshot();
    let checked = 0;
    for (const [path, { body, fields }] of Object.entries(endpoints)) {
      for (const [field, kind] of Object.entries(fields)) {
        for (const value of wrongValues[kind]) {
          const response = await postPasswords(ctx, path, { ...body, [field]: value });
          const label = `${path} ${field}=${JSON.stringify(value)}`;
          expect(response.statusCode, label).toBe(400);
          const error = json(response);
          expect(error, label).toMatchObject({
            status_code: 400,
            error_type: 'invalid_request',
            error_message: 'The request does not match the schema of this endpoint.',
            error_url: 'docs/provider-api.md#invalid_request',
          });
          expect(error.body, label).toContainEqual({ dataPath: `.${field}`, message: expect.any(String) });
          checked += 1;
        }
      }
    }
    const expected = Object.values(endpoints)
      .flatMap(({ fields }) => Object.values(fields))
      .reduce((sum, kind) => sum + wrongValues[kind].length, 0);
    expect(checked).toBe(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('a body that is no JSON object, or no body: 400 invalid_request', async () => {
    const before = await snapshot();
    for (const path of Object.keys(endpoints)) {
      for (const payload of ['[1,2]', '"text"', '{"email":', '']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/sdk/v1${path}`,
          headers: {
            authorization: basic(ctx.dev.public_token, ctx.dev.public_token),
            'content-type': 'application/json',
            origin: 'http://localhost:4100',
          },
          payload,
        });
        expect(statusAndErrorType(response), `${path} ${payload}`).toEqual([400, 'invalid_request']);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('passwords of the wrong size', () => {
  const passwordFields: Array<[string, string]> = [
    ['/passwords', 'password'],
    ['/passwords/authenticate', 'password'],
    ['/passwords/existing_password/reset', 'existing_password'],
    ['/passwords/existing_password/reset', 'new_password'],
    ['/passwords/session/reset', 'password'],
    ['/passwords/email/reset', 'password'],
    ['/passwords/strength_check', 'password'],
  ];

  it('empty, or 10 kB of ASCII: 400 invalid_request naming the field, nothing hashed or stored', async () => {
    const before = await snapshot();
    for (const [path, field] of passwordFields) {
      for (const password of ['', 'x'.repeat(10_240)]) {
        const response = await postPasswords(ctx, path, { ...endpoints[path]?.body, [field]: password });
        const label = `${path} ${field} of ${password.length}`;
        expect(statusAndErrorType(response), label).toEqual([400, 'invalid_request']);
        expect(json(response).body, label).toContainEqual({
          dataPath: `.${field}`,
          message: expect.any(String),
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('10 kB of emoji (2 560 code points): 400 weak_password on create, nothing stored', async () => {
    const before = await snapshot();
    const password = '🔐'.repeat(2_560);
    expect(Buffer.byteLength(password)).toBe(10_240);
    for (const path of ['/passwords', '/passwords/strength_check'] as const) {
      const response = await postPasswords(ctx, path, { email: 'emoji-long@example.com', password });
      expect(statusAndErrorType(response), path).toEqual([400, 'weak_password']);
      expect(json(response).error_message).toContain('at most 1024 characters');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('Unicode passwords (NFKC, SECURITY F3)', () => {
  const login = (email: string, password: string) =>
    postPasswords(ctx, '/passwords/authenticate', { email, password });
  const composed = 'Crème-brûlée-naïve-café-🦊-42';
  const decomposed = composed.normalize('NFD');

  it('typed composed or decomposed, a password logs in both ways', async () => {
    expect(decomposed).not.toBe(composed);
    await givenPasswordUser(ctx, 'composed@example.com', composed);
    await givenPasswordUser(ctx, 'decomposed@example.com', decomposed);
    for (const email of ['composed@example.com', 'decomposed@example.com']) {
      for (const typed of [composed, decomposed])
        expect((await login(email, typed)).statusCode, email).toBe(200);
      expect((await login(email, composed.replace('è', 'e'))).statusCode).toBe(401);
    }
  });

  it('Hangul syllables and their jamo, emoji sequences and full-width forms are one password each', async () => {
    const syllables = '한국어-비밀번호-👩‍💻-ｒｏｃｋｅｔ-2024';
    const jamo = syllables.normalize('NFD').replace('ｒｏｃｋｅｔ', 'rocket');
    await givenPasswordUser(ctx, 'hangul@example.com', syllables);
    expect((await login('hangul@example.com', jamo)).statusCode).toBe(200);
    // A different emoji (same code points but no zero-width joiner) is a different password.
    expect((await login('hangul@example.com', syllables.replace('\u200d', ''))).statusCode).toBe(401);
  });
});

describe('invalid email addresses (fast-check)', () => {
  const local = fc.stringMatching(/^[a-z0-9]{1,12}$/);
  const domain = fc.stringMatching(/^[a-z0-9]{1,12}\.[a-z]{2,6}$/);
  const invalidEmail = fc.oneof(
    fc.string({ maxLength: 40 }).filter((text) => !text.includes('@')),
    fc.tuple(local, domain).map(([l, d]) => `${l}@@${d}`),
    fc.tuple(local, local).map(([l, d]) => `${l}@${d}`),
    fc
      .tuple(local, domain, fc.constantFrom(' ', '\t', '\n', ',', '(', '<', '"', ';', 'é'))
      .map(([l, d, c]) => `${l}${c}@${d}`),
    fc.tuple(local, domain).map(([l, d]) => `${l}@-${d}`),
    fc.tuple(local, domain).map(([l, d]) => `.${l}@${d}`),
    fc.tuple(local, domain).map(([l, d]) => `${l}..x@${d}`),
    fc.tuple(local, domain).map(([l, d]) => `${l}@${d}.`),
    fc.tuple(local, domain).map(([l, d]) => ` ${l}@${d}`),
    domain.map((d) => `@${d}`),
    local.map((l) => `${l}@`),
    fc.integer({ min: 243, max: 600 }).map((n) => `${'a'.repeat(n)}@example.com`),
  );
  const withEmail = Object.entries(endpoints).filter(([, { fields }]) => 'email' in fields);

  it('every generated address is one the rule refuses', () => {
    fc.assert(fc.property(invalidEmail, (email) => !isEmailAddress(email)));
    expect(isEmailAddress('ada.lovelace+tag@sub.example.co.uk')).toBe(true);
  });

  it('→ 400 invalid_email on every endpoint that takes an email, nothing looked up, counted or created', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withEmail), invalidEmail, async ([path, { body }], email) => {
        const response = await postPasswords(ctx, path, { ...body, email });
        expect(response.statusCode).toBe(400);
        const error = json(response);
        expect(error.error_type).toBe('invalid_email');
        expect(error.error_message).toBe('Enter a valid email address, such as ada@example.com.');
        expect(error).not.toHaveProperty('body');
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });
});
