/** The strength judgement (unit) and POST /passwords/strength_check (HTTP). */
import { describe, expect, it } from 'vitest';
import { postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import type { Project } from '../projects/project.js';
import { isCommonPassword } from './common-passwords.js';
import { judgePassword } from './password-strength.js';

const project = (strengthPolicy: 'zxcvbn' | 'luds') =>
  ({ passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 8, strengthPolicy } }) as Project;

describe('judgePassword', () => {
  it('zxcvbn: valid from score 3, common passwords breached and invalid', async () => {
    const strong = await judgePassword(project('zxcvbn'), STRONG_PASSWORD);
    expect(strong).toMatchObject({
      valid_password: true,
      breached_password: false,
      strength_policy: 'zxcvbn',
    });
    expect(strong.score).toBeGreaterThanOrEqual(3);
    const common = await judgePassword(project('zxcvbn'), 'password1');
    expect(common).toMatchObject({ valid_password: false, breached_password: true, score: 0 });
    expect(common.feedback.warning).toMatch(/security issue/);
    const weak = await judgePassword(project('zxcvbn'), 'kitten12');
    expect(weak.valid_password).toBe(false);
    expect(weak.feedback.warning.length + weak.feedback.suggestions.length).toBeGreaterThan(0);
  });

  it('a password made of the email scores lower than without it', async () => {
    const withEmail = await judgePassword(
      project('zxcvbn'),
      'margaretthatcher2',
      'margaretthatcher@example.com',
    );
    const without = await judgePassword(project('zxcvbn'), 'margaretthatcher2');
    expect(withEmail.score).toBeLessThanOrEqual(without.score);
    expect(withEmail.valid_password).toBe(false);
  });

  it('luds: counts classes and length in code points', async () => {
    const short = await judgePassword(project('luds'), 'aB3!');
    expect(short.feedback.luds_requirements).toEqual({
      has_digit: true,
      has_lower_case: true,
      has_symbol: true,
      has_upper_case: true,
      missing_characters: 4,
      missing_complexity: 0,
    });
    expect(short.valid_password).toBe(false);
    const lower = await judgePassword(project('luds'), 'ééééééééé');
    expect(lower.feedback.luds_requirements).toMatchObject({
      has_lower_case: true,
      missing_characters: 0,
      missing_complexity: 2,
    });
    expect((await judgePassword(project('luds'), 'Tr0ubadour-x')).valid_password).toBe(true);
    expect((await judgePassword(project('luds'), 'Password1!')).breached_password).toBe(false);
  });

  it('the common list is case-insensitive and has the usual suspects', async () => {
    for (const password of ['123456', 'Password', 'QWERTY', 'iloveyou', 'letmein']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
    expect(await isCommonPassword(STRONG_PASSWORD)).toBe(false);
  });
});

describe('POST /passwords/strength_check', () => {
  const ctx = useTestContext();

  it('answers the wire shape, with and without an email', async () => {
    const response = await postPasswords(ctx, '/passwords/strength_check', {
      email: 'ada@example.com',
      password: 'password1',
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(Object.keys(data).sort()).toEqual([
      'breach_detection_on_create',
      'breached_password',
      'feedback',
      'request_id',
      'score',
      'status_code',
      'strength_policy',
      'valid_password',
    ]);
    expect(data).toMatchObject({ valid_password: false, breached_password: true, strength_policy: 'zxcvbn' });
    expect(Object.keys(data.feedback.luds_requirements).sort()).toEqual([
      'has_digit',
      'has_lower_case',
      'has_symbol',
      'has_upper_case',
      'missing_characters',
      'missing_complexity',
    ]);
    const strong = json(await postPasswords(ctx, '/passwords/strength_check', { password: STRONG_PASSWORD }));
    expect(strong.data.valid_password).toBe(true);
  });

  it('uses the project policy: luds', async () => {
    const luds = await ctx.givenProject({
      allowedOrigins: ['http://localhost:4100'],
      passwordConfig: { strengthPolicy: 'luds', ludsMinimumCount: 10, ludsComplexity: 4 },
    });
    const response = await postPasswords(
      ctx,
      '/passwords/strength_check',
      { password: 'abcdef' },
      { publicToken: luds.public_token },
    );
    expect(json(response).data).toMatchObject({
      strength_policy: 'luds',
      valid_password: false,
      feedback: { luds_requirements: { missing_characters: 4, missing_complexity: 3 } },
    });
  });

  it('treats NFKC-equivalent passwords the same and refuses bad input', async () => {
    const a = json(
      await postPasswords(ctx, '/passwords/strength_check', { password: 'ｐａｓｓｗｏｒｄ' }),
    ).data;
    expect(a.breached_password).toBe(true);
    for (const body of [
      { password: '' },
      { password: 7 },
      {},
      { password: 'x'.repeat(5000) },
      { email: 42, password: 'x' },
    ]) {
      const response = await postPasswords(ctx, '/passwords/strength_check', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
    }
    // A string that is no address is the person's to fix: invalid_email, shown under the field.
    const badEmail = await postPasswords(ctx, '/passwords/strength_check', { email: 'nope', password: 'x' });
    expect(statusAndErrorType(badEmail)).toEqual([400, 'invalid_email']);
  });
});
