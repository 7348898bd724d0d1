// The demo page with a different integrator script, served by the test in place of demo.js: it
// mounts the widget and, unlike the demo, leaves it on screen after sign-in, so the widget's own
// confirmation screens stay visible. The page itself still comes from the demo server (a page
// the test made up would not be let through to the loopback provider by Chromium).
import type { Page } from '@playwright/test';
import { demoUrl } from './stack.js';

/**
 * From now on `page` gets this script instead of demo.js; it mounts a widget offering `products`,
 * with `config` (e.g. `otpOptions`) beside them.
 */
export async function keepWidgetAfterSignIn(
  page: Page,
  products: string[],
  config: Record<string, unknown> = {},
): Promise<void> {
  const script = `(() => {
  const config = JSON.parse(document.getElementById('latchkey-config').textContent);
  const client = window.Latchkey.createLatchkeyClient({ publicToken: config.publicToken, baseUrl: config.providerUrl });
  window.Latchkey.mountLogin({
    elementId: '#login',
    client,
    config: ${JSON.stringify({ ...config, products, sessionOptions: { sessionDurationMinutes: 60 } })},
  });
})();`;
  await page.route(`${demoUrl}/demo.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script }),
  );
}
