/**
 * Issue 17 item 1 in the widget: only the OAuth providers the project configured get a button
 * (the bootstrap's `oauthProviders`), One Tap runs only where it can, and a provider sign-in that
 * came back with an error is shown on Main with the buttons to try again.
 */
import { act, cleanup, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from './config.js';
import { renderSignIn } from './testing/render-sign-in.js';
import type { WidgetBootstrap } from './widget-client.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: {
    loginRedirectURL: 'http://localhost:4100/authenticate',
    providers: [{ type: 'google', one_tap: true }, { type: 'github' }],
  },
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const buttonNames = () => screen.getAllByRole('button').map((b) => b.textContent);
const listing = (...providers: Array<[string, boolean]>): WidgetBootstrap => ({
  displayWatermark: true,
  oauthProviders: providers.map(([providerType, oneTap]) => ({ providerType, oneTap })),
});

describe('only the providers the project configured', () => {
  it('shows a button for each configured provider the bootstrap lists, and none for the others', async () => {
    renderSignIn(CONFIG, { bootstrap: listing(['github', false]) });
    await settle();
    expect(buttonNames()).toEqual(['Continue with GitHub', 'Continue with email']);
    expect(screen.getByText('or')).toBeTruthy();
  });

  it('with none configured, the OAuth section is not shown at all: no buttons, no divider', async () => {
    renderSignIn(CONFIG, { bootstrap: listing() });
    await settle();
    expect(buttonNames()).toEqual(['Continue with email']);
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText(/not available/)).toBeNull();
  });

  it('shows no button until the bootstrap says (a first visit), then the listed ones', async () => {
    let answer: (bootstrap: WidgetBootstrap) => void = () => {};
    renderSignIn(CONFIG, {
      bootstrap: { displayWatermark: true },
      bootstrapAsync: () => new Promise((resolve) => (answer = resolve)),
    });
    await settle();
    expect(buttonNames()).toEqual(['Continue with email']);
    await act(async () => answer(listing(['google', false], ['github', false])));
    expect(buttonNames()).toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with email']);
  });

  it('a provider whose bootstrap lists nothing about OAuth (or a failed fetch) shows every configured button', async () => {
    renderSignIn(CONFIG, { bootstrap: { displayWatermark: true } });
    await settle();
    expect(buttonNames()).toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with email']);
  });
});

describe('Google One Tap only where the project can run it', () => {
  it('does not start, show its area or log anything when Google is not the project’s own', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bootstrap of [listing(['google', false], ['github', false]), listing(['github', false])]) {
      const { client } = renderSignIn(CONFIG, { bootstrap });
      await settle();
      expect(client.calls.oneTapStart).toEqual([]);
      expect(document.getElementById('lk-google-one-tap')).toBeNull();
      cleanup();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('starts once the bootstrap allows it, and removes its area when it could not load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail: () => void = () => {};
    const { client } = renderSignIn(CONFIG, {
      bootstrap: listing(['google', true]),
      oneTapStart: () =>
        new Promise((resolve) => (fail = () => resolve({ success: false, reason: 'unknown_reason' }))),
    });
    await settle();
    expect(client.calls.oneTapStart).toHaveLength(1);
    expect(document.getElementById('lk-google-one-tap')).not.toBeNull();
    await act(async () => fail());
    expect(document.getElementById('lk-google-one-tap')).toBeNull();
  });
});

describe('a provider sign-in that came back with an error', () => {
  const back = (error: string, description = 'Call 555-0100 to unlock your account') =>
    `?stytch_token_type=oauth&error=${error}&error_description=${encodeURIComponent(description)}`;

  it('starts on Main with the message in its own words (never the URL text), focused, and the buttons to try again', async () => {
    const { client, user } = renderSignIn(
      CONFIG,
      { bootstrap: listing(['google', false]) },
      { search: back('oauth_user_cancelled') },
    );
    await settle();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toBe('Sign-in was cancelled. Try again, or choose another way to sign in.');
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByText(/555/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(client.calls.oauthStart.map((call) => call.provider)).toEqual(['google']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no accessibility violations (axe-core; contrast is checked in Chromium)', async () => {
    renderSignIn(CONFIG, { bootstrap: listing(['google', false]) }, { search: back('oauth_user_cancelled') });
    await settle();
    // 'region' is the host page's business (landmarks), not the widget's.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('words each error type, with a general message for the rest', async () => {
    for (const [error, text] of [
      [
        'oauth_config_not_found',
        'That sign-in option is not set up for this site yet. Choose another way to sign in.',
      ],
      [
        'oauth_state_mismatch',
        'That sign-in could not be checked: it took too long, or it started in another browser. Please try again.',
      ],
      [
        'service_unavailable',
        'The sign-in provider is not answering right now. Try again in a moment, or choose another way to sign in.',
      ],
      ['invalid_request', 'That sign-in did not finish. Try again, or choose another way to sign in.'],
      ['<script>', 'That sign-in did not finish. Try again, or choose another way to sign in.'],
    ]) {
      renderSignIn(CONFIG, {}, { search: back(error as string) });
      expect(screen.getByRole('alert').textContent).toBe(text);
      cleanup();
    }
  });

  it('reads the page address by default, and ignores other token types and a success', async () => {
    window.history.replaceState(null, '', `/authenticate${back('oauth_token_invalid')}`);
    renderSignIn(CONFIG);
    expect(screen.getByRole('alert').textContent).toBe(
      "The sign-in provider's answer could not be verified. Please try again.",
    );
    cleanup();
    for (const search of [
      '?stytch_token_type=magic_links&error=x',
      '?stytch_token_type=oauth&token=abc',
      '',
    ]) {
      renderSignIn(CONFIG, {}, { search });
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });
});
