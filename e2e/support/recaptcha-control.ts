// Steers the stack's fake reCAPTCHA Enterprise, the way a bot (or a bad score) would look to Google.
import type { APIRequestContext } from '@playwright/test';
import type { AssessmentRecord, FakeRecaptchaMode } from './fake-recaptcha/fake-recaptcha.js';
import { fakeRecaptcha } from './stack.js';

/** From now on the page's script hands out tokens of this kind. */
export async function setRecaptchaMode(request: APIRequestContext, mode: FakeRecaptchaMode): Promise<void> {
  const response = await request.post(`${fakeRecaptcha.url}/control/mode`, { data: { mode } });
  if (!response.ok()) throw new Error(`fake reCAPTCHA control answered ${response.status()}`);
}

/** Every assessment the provider has asked for since the stack started. */
export async function recaptchaAssessments(request: APIRequestContext): Promise<AssessmentRecord[]> {
  const response = await request.get(`${fakeRecaptcha.url}/control/assessments`);
  if (!response.ok()) throw new Error(`fake reCAPTCHA control answered ${response.status()}`);
  return ((await response.json()) as { assessments: AssessmentRecord[] }).assessments;
}
