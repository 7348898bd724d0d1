// Watches the demo page from its first paint for what a person would see between two Playwright
// polls: each time the widget showed its sign-in confirmation (how long, and whether the account
// panel was hidden meanwhile), and any moment the status line said 'logged out' above the
// account panel. Records in the page, so nothing depends on how fast the test polls.
import type { Page } from '@playwright/test';

export interface ConfirmationSeen {
  /** How long the confirmation was on screen, in ms (null while it still is). */
  shownMs: number | null;
  /** The account panel stayed hidden while the confirmation showed. */
  accountHiddenMeanwhile: boolean;
}

export interface ConfirmationRecord {
  confirmations: ConfirmationSeen[];
  /** Status texts seen above a visible account panel that contradict it. */
  contradictions: string[];
}

/** Starts recording on every page `page` loads from now on. */
export async function recordConfirmations(page: Page, text: string): Promise<void> {
  await page.addInitScript((successText: string) => {
    type Seen = { shownAt: number; shownMs: number | null; accountHiddenMeanwhile: boolean };
    const record: { confirmations: Seen[]; contradictions: string[] } = {
      confirmations: [],
      contradictions: [],
    };
    (window as unknown as { __confirmations: typeof record }).__confirmations = record;
    let current: Seen | null = null;
    const check = (): void => {
      const login = document.getElementById('login');
      const account = document.getElementById('account');
      const status = document.getElementById('status');
      const heading = [...(login?.querySelectorAll('h1, h2') ?? [])].find(
        (h) => h.textContent?.trim() === 'Success!',
      );
      const shown = heading?.checkVisibility() === true && (login?.textContent ?? '').includes(successText);
      const accountShown = account !== null && account.hidden !== true;
      const now = performance.now();
      if (shown && !current) {
        const seen: Seen = { shownAt: now, shownMs: null, accountHiddenMeanwhile: !accountShown };
        current = seen;
        record.confirmations.push(seen);
      } else if (shown && current && accountShown) {
        current.accountHiddenMeanwhile = false;
      } else if (!shown && current) {
        current.shownMs = now - current.shownAt;
        current = null;
      }
      const said = status?.textContent ?? '';
      if (accountShown && /logged out/i.test(said)) record.contradictions.push(said);
    };
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['hidden'],
      });
      check();
    });
  }, text);
}

/** What the page recorded so far. */
export async function recordedConfirmations(page: Page): Promise<ConfirmationRecord> {
  return page.evaluate(() => (window as unknown as { __confirmations: ConfirmationRecord }).__confirmations);
}
