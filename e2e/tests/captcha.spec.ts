// Captcha (issue 9): a project with a reCAPTCHA Enterprise site key needs a passing token on its
// sign-in calls. The page's "reCAPTCHA" and the assessments API are the stack's stand-in
// (e2e/support/fake-recaptcha); the provider asks it over HTTP like it would Google.
import { PasswordScreens } from '../pages/password-screens.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { messagesTo, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { recaptchaAssessments, setRecaptchaMode } from '../support/recaptcha-control.js';
import { fakeRecaptcha } from '../support/stack.js';

const STRONG = 'violet kettle marching sideways';
const CAPTCHA_FAILED =
  'We could not confirm that this request came from a person. Wait a moment, then try again.';

test.afterEach(async ({ request }) => {
  await setRecaptchaMode(request, 'good');
});

test('a good token lets the password sign-up through; bad tokens stop the log-in', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('cai');
  const passwords = new PasswordScreens(page);

  await test.step('with a passing token, the sign-up goes through', async () => {
    const before = (await recaptchaAssessments(request)).length;
    await demo.signUpWithPassword(email, STRONG, '/?login=passwords&project=captcha');
    await demo.expectSignedIn(email);
    // The provider asked about the page's token, for this site key and the LOGIN action.
    const asked = (await recaptchaAssessments(request)).slice(before);
    expect(asked).toEqual([
      expect.objectContaining({ siteKey: fakeRecaptcha.siteKey, expectedAction: 'LOGIN', verdict: 'valid' }),
    ]);
  });

  await test.step('with tokens the assessment calls invalid, the log-in is refused and nothing signs in', async () => {
    await demo.logoutButton.click();
    await setRecaptchaMode(request, 'bad');
    const before = (await recaptchaAssessments(request)).length;
    await demo.widget.continueWithEmail(email);
    await passwords.logIn(STRONG);
    await expect(passwords.root.getByText(CAPTCHA_FAILED)).toBeVisible();
    await expect(demo.account).toBeHidden();
    // The client retried once with a fresh token; both were assessed and refused.
    const asked = (await recaptchaAssessments(request)).slice(before);
    expect(asked.map((a) => a.verdict)).toEqual(['invalid', 'invalid']);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('stytch_session');
    await snapshot(page, '85-captcha-failed');
    await expectNoAxeViolations(page);
  });

  await test.step('a low score is refused too; passing tokens again let the same password in', async () => {
    await setRecaptchaMode(request, 'low-score');
    await passwords.continueButton.click();
    await expect(passwords.root.getByText(CAPTCHA_FAILED)).toBeVisible();
    await expect(demo.account).toBeHidden();
    await setRecaptchaMode(request, 'good');
    await passwords.continueButton.click();
    await demo.expectSignedIn(email);
  });
});

test('a magic link on the captcha project is sent only with a passing token', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('cam');
  await setRecaptchaMode(request, 'bad');
  await page.goto('/?project=captcha');
  await demo.widget.openEmailTab();
  await demo.widget.continueWithEmail(email);
  await expect(demo.widget.root.getByText(CAPTCHA_FAILED)).toBeVisible();
  const outbox = await messagesTo(request, email);
  expect(outbox).toEqual([]);
  await snapshot(page, '85-captcha-magic-link-failed');

  await setRecaptchaMode(request, 'good');
  await demo.widget.continueButton.click();
  await expect(demo.widget.root.getByText(email)).toBeVisible();
  await waitForMessages(request, email);
  await snapshot(page, '85-captcha-magic-link-sent');
});
