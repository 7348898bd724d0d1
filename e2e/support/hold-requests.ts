// Holding a page's requests at the network, so that the state the page shows while it waits for
// an answer can be seen and checked before the answer comes.
import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (a glob, as `page.route` takes it) until the returned function
 * is called; then they go on to the real server, and later ones pass straight through.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
