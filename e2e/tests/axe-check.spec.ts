// The accessibility check itself (e2e/support/axe.ts): it finds what axe finds in the part it is
// given and nothing outside it, runs again on the same document, and refuses a part with frames
// in it instead of passing what it cannot see.

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.js';

const PAGE = `<!doctype html><html lang="en"><title>axe check</title><main>
  <div id="login"><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></div>
  <div id="elsewhere"><button></button></div>
  <div id="framed"><iframe title="framed" srcdoc="<button></button>"></iframe></div>
</main></html>`;

test('finds the violations inside the part it checks, as axe-core/playwright does, and none outside', async ({
  page,
}) => {
  await page.setContent(PAGE);
  const inLogin = await axeViolations(page, { include: '#login' });
  expect(inLogin.map((line) => line.split(':')[0]).sort()).toEqual(['button-name', 'image-alt', 'label']);
  const reference = await new AxeBuilder({ page }).include('#login').analyze();
  expect(inLogin.sort()).toEqual(
    reference.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`).sort(),
  );
  // The second check reuses the axe already in the document.
  expect(await axeViolations(page, { include: '#login' })).toEqual(inLogin);
  expect(await axeViolations(page, { include: '#elsewhere' })).toEqual([
    'button-name: Buttons must have discernible text (1)',
  ]);
  expect(
    await axeViolations(page, { include: 'main', exclude: ['#login', '#elsewhere', '#framed'] }),
  ).toEqual([]);
});

test('refuses a part with a frame in it, unless the frame is left out', async ({ page }) => {
  await page.setContent(PAGE);
  await expect(axeViolations(page, { include: '#framed' })).rejects.toThrow(/1 frame\(s\) inside "#framed"/);
  expect(await axeViolations(page, { include: '#framed', exclude: ['iframe'] })).toEqual([]);
});
