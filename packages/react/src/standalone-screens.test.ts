import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LatchkeyGlobal } from './standalone.js';
import { createFakeClient } from './testing/fake-client.js';
import { buildStandalone, type StandaloneBuild, serveChunk } from './testing/standalone-build.js';

// latchkey-screens.js, the screens after Main, run for real in this jsdom window beside the widget
// bundle: Main paints without it, the widget fetches it right after, a screen reached before it
// arrives shows a busy indicator, and a file that cannot load shows the widget's error line.
// The tests run in order: the file is loaded (published) only by the last one.
let build: StandaloneBuild;
let Latchkey: LatchkeyGlobal;

beforeAll(() => {
  build = buildStandalone();
  build.run('latchkey-widget.js');
  Latchkey = window.Latchkey;
}, 60_000);

afterAll(() => build.remove());

afterEach(() => {
  document.body.innerHTML = '';
});

const screensTag = () => document.head.querySelector('script[src$="/latchkey-screens.js"]');

/** A password widget whose user has a password: Main, then PasswordCreateOrLogin. */
function mountPasswords() {
  document.body.innerHTML = '<div id="widget"></div>';
  const client = createFakeClient({ search: async () => ({ userType: 'password' }) });
  return Latchkey.mountLogin({ elementId: '#widget', client, config: { products: ['passwords'] } });
}

describe('latchkey-screens.js', () => {
  it('is not needed for Main, and is fetched once the widget has painted', async () => {
    const widget = mountPasswords();
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    await waitFor(() => expect(screensTag()).not.toBeNull());
    // Main is all there without it.
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
    widget.unmount();
    // Left unloaded: the load fails, so the next mount fetches it again.
    await serveChunk(build, 'latchkey-screens.js', 'error');
  });

  it('that cannot load shows the widget’s error line in place of the next screen', async () => {
    const widget = mountPasswords();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    // The preload and the screen may each fetch it: every try fails.
    const alert = await waitFor(() => {
      screensTag()?.dispatchEvent(new Event('error'));
      return screen.getByRole('alert');
    });
    expect(alert.textContent).toBe('This step could not be loaded. Check your connection and try again.');
    widget.unmount();
  });

  it('shows a busy indicator for a screen reached before it arrives, then the screen', async () => {
    const widget = mountPasswords();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    await waitFor(() =>
      expect(document.querySelector('.lk-screen-loading[aria-busy="true"] .lk-spinner')).toBeTruthy(),
    );
    // No unstyled flash: when the screen's markup arrives, its rules are already in the page.
    const styledOnArrival: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (styledOnArrival.length > 0 || !document.querySelector('.lk-root input[type="password"]')) return;
      const sheets = [...document.head.querySelectorAll('style[data-lk-styles]')].map(
        (style) => style.textContent,
      );
      styledOnArrival.push(sheets.some((sheet) => sheet?.includes('.lk-root .lk-row-end{')));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await serveChunk(build, 'latchkey-screens.js');
    const password = await screen.findByLabelText('Password');
    observer.disconnect();
    expect(styledOnArrival).toEqual([true]);
    // The real screen mounts as it always does, with its own focus move.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    await user.type(password, 'correct horse{Enter}');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    widget.unmount();
  });
});
