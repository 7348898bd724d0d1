import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from './config.js';
import { renderSignIn } from './testing/render-sign-in.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: {
    loginRedirectURL: 'http://localhost:4100/authenticate',
    signupRedirectURL: 'http://localhost:4100/authenticate?signup=1',
    providers: [
      {
        type: 'google',
        custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
        provider_params: { prompt: 'select_account' },
      },
      { type: 'github' },
    ],
  },
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const google = () => button('Continue with Google');
const github = () => button('Continue with GitHub');
const emailButton = () => button('Continue with email');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const follows = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** A start that throws like the client's argument check. */
const argumentError = () =>
  Object.assign(new Error('login_redirect_url must be an absolute http(s) URL'), {
    name: 'LatchkeyArgumentError',
    code: 'invalid_argument',
    argument: 'login_redirect_url',
  });

describe('<SignIn> with oauth: the buttons', () => {
  it('shows one button per provider in order, then the divider, then the email form', () => {
    renderSignIn(CONFIG);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Continue with Google',
      'Continue with GitHub',
      'Continue with email',
    ]);
    expect(follows(github(), screen.getByText('or'))).toBe(true);
    expect(follows(screen.getByText('or'), screen.getByLabelText('Email'))).toBe(true);
    for (const b of [google(), github()]) {
      expect(b.className).toContain('lk-button--secondary');
      const mark = b.querySelector('svg');
      expect(mark?.getAttribute('aria-hidden')).toBe('true');
      expect(mark?.getAttribute('focusable')).toBe('false');
    }
    // Google's mark is its four colours; GitHub's follows the text colour.
    expect(google().querySelectorAll('path')).toHaveLength(4);
    expect(github().querySelector('path')?.getAttribute('fill')).toBe('currentColor');
  });

  it('gives every wire provider a named button with a mark, the generic one where it has none', () => {
    renderSignIn({
      products: ['oauth'],
      oauthOptions: {
        providers: [{ type: 'microsoft' }, { type: 'apple' }, { type: 'gitlab' }, { type: 'twitter' }],
      },
    });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Continue with Microsoft',
      'Continue with Apple',
      'Continue with GitLab',
      'Continue with X',
    ]);
    for (const b of buttons) expect(b.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(buttons[0]!.querySelectorAll('path')).toHaveLength(4);
    const markOf = (b: HTMLElement) => b.querySelector('svg')!.outerHTML;
    expect(markOf(buttons[2]!)).toBe(markOf(buttons[3]!));
    expect(markOf(buttons[1]!)).not.toBe(markOf(buttons[2]!));
    // OAuth alone: no divider, and Main is not "not available".
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText(/not available/)).toBeNull();
  });

  it('skips a provider type the wire does not know, with a console warning, and shows a repeated type once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSignIn({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'okta' }, { type: 'google' }] },
    });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Continue with Google']);
    expect(warn).toHaveBeenCalledWith('Latchkey: no OAuth button for unknown provider type(s): okta');
  });

  it('shows no buttons unless products has oauth', () => {
    renderSignIn({ ...CONFIG, products: ['emailMagicLinks'] });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});

describe('<SignIn> with oauth: starting', () => {
  it("starts the pressed provider with oauthOptions' redirect URLs and that provider's scopes and params", async () => {
    const { client, user, errors } = renderSignIn(CONFIG);
    await user.click(google());
    expect(client.calls.oauthStart).toEqual([
      {
        provider: 'google',
        options: {
          login_redirect_url: 'http://localhost:4100/authenticate',
          signup_redirect_url: 'http://localhost:4100/authenticate?signup=1',
          custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
          provider_params: { prompt: 'select_account' },
        },
      },
    ]);
    expect(errors).toEqual([]);
  });

  it('passes only what is configured', async () => {
    const { client, user } = renderSignIn({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'github' }] },
    });
    await user.click(github());
    expect(client.calls.oauthStart).toEqual([{ provider: 'github', options: {} }]);
  });

  it('keeps the spinner on the pressed button, in place of its mark, and everything else disabled while the page leaves', async () => {
    const { client, user } = renderSignIn(CONFIG);
    await user.click(github());
    await settle();
    const pressed = github();
    expect(pressed.getAttribute('aria-busy')).toBe('true');
    expect(pressed.disabled).toBe(true);
    expect(pressed.querySelector('.lk-spinner')).toBeTruthy();
    expect(pressed.querySelector('svg')).toBeNull();
    expect(google().disabled).toBe(true);
    expect(google().getAttribute('aria-busy')).toBeNull();
    expect(google().querySelector('svg')).toBeTruthy();
    expect(emailButton().disabled).toBe(true);
    expect(emailButton().getAttribute('aria-busy')).toBeNull();
    await user.click(google());
    expect(client.calls.oauthStart.map((c) => c.provider)).toEqual(['github']);
  });

  it('works from the keyboard', async () => {
    const { client, user } = renderSignIn(CONFIG);
    await user.tab();
    expect(document.activeElement).toBe(google());
    await user.tab();
    expect(document.activeElement).toBe(github());
    await user.keyboard('{Enter}');
    expect(client.calls.oauthStart.map((c) => c.provider)).toEqual(['github']);
  });

  it('shows a failed start under the buttons, reports it, and gives the buttons and the focus back', async () => {
    const error = argumentError();
    const { user, errors } = renderSignIn(CONFIG, { oauthStart: () => Promise.reject(error) });
    await user.click(google());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This way to sign in is not set up correctly. Use another one, or contact the site owner.',
    );
    expect(follows(github(), alert)).toBe(true);
    expect(follows(alert, screen.getByText('or'))).toBe(true);
    expect(errors).toEqual([error]);
    expect(google().disabled).toBe(false);
    expect(google().getAttribute('aria-busy')).toBeNull();
    expect(emailButton().disabled).toBe(false);
    expect(document.activeElement).toBe(google());
    // The email form does not claim the message or the focus.
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('clears the error on the next attempt', async () => {
    let attempt = 0;
    const { user } = renderSignIn(CONFIG, {
      oauthStart: () => (++attempt === 1 ? Promise.reject(argumentError()) : Promise.resolve()),
    });
    await user.click(google());
    await screen.findByRole('alert');
    await user.click(github());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives the buttons back when the page is restored from the back-forward cache', async () => {
    const { client, user } = renderSignIn(CONFIG);
    await user.click(google());
    await settle();
    expect(google().disabled).toBe(true);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(google().disabled).toBe(true);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(google().disabled).toBe(false);
    expect(google().querySelector('svg')).toBeTruthy();
    await user.click(google());
    expect(client.calls.oauthStart).toHaveLength(2);
  });
});
