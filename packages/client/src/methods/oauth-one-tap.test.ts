/** client.oauth.googleOneTap: the frame's nonce, Google's prompt, the credential's submission and the failure reasons. */
import { afterEach, describe, expect, vi } from 'vitest';
import { LatchkeyApiError, LatchkeyArgumentError } from '../errors.js';
import { FRAME_PROTOCOL } from '../internal/clientside-frame.js';
import { oneTapMomentFailure } from '../internal/google-one-tap-prompt.js';
import type {
  GoogleAccountsId,
  GoogleIdConfiguration,
  GooglePromptNotification,
} from '../internal/google-sign-in-script.js';
import { it } from '../testing/client-test.js';
import { createTestClient, PUBLIC_TOKEN, settle } from '../testing/fakes.js';
import type { GoogleOneTapFailureReason } from './oauth-one-tap.js';

const FRAME_ORIGIN = 'http://provider.test';
const OAUTH_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:oauth`;
const STARTED = { googleClientId: 'google-client-1.apps.example', oauthCallbackId: 'callback-id-1' };

type FrameAnswer =
  | { result: unknown }
  | { error: { status_code: number; error_type: string; error_message: string } };

/** Plays the provider's frame: answers each call of the client's hidden iframe from `answers`. */
function serveFrame(answers: Record<string, FrameAnswer>) {
  const iframe = document.querySelector('iframe');
  const target = iframe?.contentWindow;
  if (!target) throw new Error('the client opened no frame');
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const reply = (data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: FRAME_ORIGIN, source: target }));
  vi.spyOn(target, 'postMessage').mockImplementation((message: unknown) => {
    const { id, method, params } = message as { id: string; method: string; params: Record<string, unknown> };
    calls.push({ method, params });
    const answer = answers[method] ?? {
      error: { status_code: 400, error_type: 'invalid_request', error_message: '?' },
    };
    queueMicrotask(() => reply({ lk: FRAME_PROTOCOL, id, ...answer }));
  });
  reply({ lk: FRAME_PROTOCOL, ready: true });
  return { iframe, calls };
}

/** A stand-in for `google.accounts.id` that records what the client asked of it. */
function installGoogle() {
  let configuration: GoogleIdConfiguration | undefined;
  let listener: ((notification: GooglePromptNotification) => void) | undefined;
  const id: GoogleAccountsId = {
    initialize: vi.fn((c: GoogleIdConfiguration) => {
      configuration = c;
    }),
    prompt: vi.fn((l?: (notification: GooglePromptNotification) => void) => {
      listener = l;
    }),
    cancel: vi.fn(),
  };
  (window as unknown as { google?: unknown }).google = { accounts: { id } };
  return {
    id,
    get configuration() {
      if (!configuration) throw new Error('initialize was not called');
      return configuration;
    },
    moment(notification: GooglePromptNotification) {
      listener?.(notification);
    },
  };
}

function startClient(scriptUrl = 'http://google.test/gsi/client') {
  const navigate = vi.fn<(url: string) => void>();
  const setup = createTestClient({ navigate, endpoints: { googleSignInScriptURL: scriptUrl } });
  return { ...setup, navigate };
}

afterEach(() => {
  delete (window as unknown as { google?: unknown }).google;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('oauth.googleOneTap.start', () => {
  it('prompts with the frame’s client id and nonce, submits the credential and follows the redirect', async () => {
    const { client, navigate, storage } = startClient();
    storage.setItem(OAUTH_KEY, JSON.stringify({ code_challenge: 'c', code_verifier: 'v' }));
    const google = installGoogle();
    const result = client.oauth.googleOneTap.start({
      login_redirect_url: 'http://localhost:4100/authenticate',
      signup_redirect_url: 'http://localhost:4100/welcome',
      prompt_parent_id: 'lk-google-one-tap',
      cancel_on_tap_outside: false,
    });
    const frame = serveFrame({
      oneTapStart: { result: STARTED },
      oneTapSubmit: {
        result: { redirect_url: 'http://localhost:4100/authenticate?stytch_token_type=oauth&token=t' },
      },
    });
    expect(frame.iframe.src).toBe(
      `${FRAME_ORIGIN}/v1/public/clientside-services?public_token=${PUBLIC_TOKEN}`,
    );
    await settle();

    expect(google.configuration).toEqual({
      client_id: STARTED.googleClientId,
      nonce: STARTED.oauthCallbackId,
      callback: expect.any(Function),
      prompt_parent_id: 'lk-google-one-tap',
      cancel_on_tap_outside: false,
      use_fedcm_for_prompt: true,
    });
    expect(google.id.prompt).toHaveBeenCalledTimes(1);
    // The One Tap token has no PKCE challenge, so no stale verifier may be sent with it later.
    expect(storage.getItem(OAUTH_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    google.configuration.callback({ credential: 'header.payload.signature', select_by: 'user' });
    await expect(result).resolves.toEqual({ success: true });
    expect(frame.calls).toEqual([
      { method: 'oneTapStart', params: { publicToken: PUBLIC_TOKEN } },
      {
        method: 'oneTapSubmit',
        params: {
          publicToken: PUBLIC_TOKEN,
          credential: 'header.payload.signature',
          oauthCallbackId: STARTED.oauthCallbackId,
          loginRedirectURL: 'http://localhost:4100/authenticate',
          signupRedirectURL: 'http://localhost:4100/welcome',
        },
      },
    ]);
    expect(navigate).toHaveBeenCalledWith(
      'http://localhost:4100/authenticate?stytch_token_type=oauth&token=t',
    );
  });

  it('passes only the options given to Google', async () => {
    const { client } = startClient();
    const google = installGoogle();
    void client.oauth.googleOneTap.start();
    serveFrame({ oneTapStart: { result: STARTED } });
    await settle();
    expect(Object.keys(google.configuration).sort()).toEqual([
      'callback',
      'client_id',
      'nonce',
      'use_fedcm_for_prompt',
    ]);
  });

  it('fails with oauth_config_not_found when the project has no Google, without loading Google', async () => {
    const { client } = startClient();
    const google = installGoogle();
    const result = client.oauth.googleOneTap.start();
    serveFrame({
      oneTapStart: {
        error: { status_code: 404, error_type: 'oauth_config_not_found', error_message: 'No Google here.' },
      },
    });
    const outcome = await result;
    expect(outcome).toMatchObject({ success: false, reason: 'oauth_config_not_found' });
    expect(google.id.initialize).not.toHaveBeenCalled();
  });

  it('fails with unknown_reason for any other frame error', async () => {
    const { client } = startClient();
    installGoogle();
    const result = client.oauth.googleOneTap.start();
    serveFrame({
      oneTapStart: { error: { status_code: 403, error_type: 'invalid_origin', error_message: 'Not here.' } },
    });
    const outcome = await result;
    expect(outcome).toMatchObject({ success: false, reason: 'unknown_reason' });
    expect(outcome.success === false && outcome.error).toBeInstanceOf(LatchkeyApiError);
  });

  it('fails with unknown_reason when the frame never answers (10 s)', async () => {
    vi.useFakeTimers();
    const { client } = startClient();
    const result = client.oauth.googleOneTap.start();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toMatchObject({ success: false, reason: 'unknown_reason' });
  });

  it('reports a person closing the prompt as user_cancel', async () => {
    const { client, navigate } = startClient();
    const google = installGoogle();
    const result = client.oauth.googleOneTap.start();
    serveFrame({ oneTapStart: { result: STARTED } });
    await settle();
    google.moment({ isDismissedMoment: () => true, getDismissedReason: () => 'cancel_called' });
    await expect(result).resolves.toEqual({ success: false, reason: 'user_cancel' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('waits for the credential when Google reports the dismissal that returns it', async () => {
    const { client } = startClient();
    const google = installGoogle();
    const result = client.oauth.googleOneTap.start();
    serveFrame({
      oneTapStart: { result: STARTED },
      oneTapSubmit: { result: { redirect_url: 'http://x.test/' } },
    });
    await settle();
    google.moment({ isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' });
    google.configuration.callback({ credential: 'c' });
    await expect(result).resolves.toEqual({ success: true });
  });

  it('fails with unknown_reason, and stays on the page, when the provider refuses the credential', async () => {
    const { client, navigate } = startClient();
    const google = installGoogle();
    const result = client.oauth.googleOneTap.start();
    serveFrame({
      oneTapStart: { result: STARTED },
      oneTapSubmit: {
        error: {
          status_code: 409,
          error_type: 'oauth_account_conflict',
          error_message: 'Sign in with it first.',
        },
      },
    });
    await settle();
    google.configuration.callback({ credential: 'c' });
    const outcome = await result;
    expect(outcome).toMatchObject({ success: false, reason: 'unknown_reason' });
    expect(outcome.success === false && outcome.error).toMatchObject({ code: 'oauth_account_conflict' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('loads the configured Google script once, and fails with unknown_reason when it cannot load', async () => {
    const { client } = startClient('http://google.test/gsi/client?case=load');
    const first = client.oauth.googleOneTap.start();
    serveFrame({ oneTapStart: { result: STARTED } });
    await settle();
    const scripts = () => Array.from(document.head.querySelectorAll('script'));
    expect(scripts().map((s) => s.src)).toEqual(['http://google.test/gsi/client?case=load']);
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(first).resolves.toMatchObject({ success: false, reason: 'unknown_reason' });
    expect(scripts()).toHaveLength(0);

    const second = client.oauth.googleOneTap.start();
    await settle();
    const google = installGoogle();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await settle();
    expect(google.id.prompt).toHaveBeenCalledTimes(1);
    google.moment({ isSkippedMoment: () => true, getSkippedReason: () => 'tap_outside' });
    await expect(second).resolves.toEqual({ success: false, reason: 'user_cancel' });
  });

  it('removes its frame when the client is destroyed, ending a start in flight', async () => {
    const { client } = startClient();
    const result = client.oauth.googleOneTap.start();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    client.destroy();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    await expect(result).resolves.toMatchObject({ success: false, reason: 'unknown_reason' });
  });

  it('opens no frame once the client is destroyed', async () => {
    const { client } = startClient();
    client.destroy();
    const outcome = await client.oauth.googleOneTap.start();
    expect(outcome).toMatchObject({ success: false, reason: 'unknown_reason' });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('refuses bad arguments', async () => {
    const { client } = startClient();
    await expect(
      client.oauth.googleOneTap.start({ login_redirect_url: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(LatchkeyArgumentError);
    await expect(
      client.oauth.googleOneTap.start({ cancel_on_tap_outside: 'no' as unknown as boolean }),
    ).rejects.toBeInstanceOf(LatchkeyArgumentError);
  });
});

describe('oneTapMomentFailure', () => {
  const notDisplayed = (reason: string): GooglePromptNotification => ({
    isNotDisplayed: () => true,
    getNotDisplayedReason: () => reason,
  });
  const skipped = (reason: string): GooglePromptNotification => ({
    isSkippedMoment: () => true,
    getSkippedReason: () => reason,
  });
  const dismissed = (reason: string): GooglePromptNotification => ({
    isDismissedMoment: () => true,
    getDismissedReason: () => reason,
  });

  const cases: [string, GooglePromptNotification, GoogleOneTapFailureReason | null][] = [
    ['not displayed: suppressed_by_user', notDisplayed('suppressed_by_user'), 'user_cancel'],
    ['not displayed: opt_out_or_no_session', notDisplayed('opt_out_or_no_session'), 'unknown_reason'],
    ['not displayed: unregistered_origin', notDisplayed('unregistered_origin'), 'unknown_reason'],
    ['skipped: user_cancel', skipped('user_cancel'), 'user_cancel'],
    ['skipped: tap_outside', skipped('tap_outside'), 'user_cancel'],
    ['skipped: auto_cancel', skipped('auto_cancel'), 'unknown_reason'],
    ['skipped without a reason (FedCM)', { isSkippedMoment: () => true }, 'unknown_reason'],
    ['dismissed: cancel_called', dismissed('cancel_called'), 'user_cancel'],
    ['dismissed: flow_restarted', dismissed('flow_restarted'), 'unknown_reason'],
    ['dismissed: credential_returned', dismissed('credential_returned'), null],
    [
      'displayed',
      { isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => false },
      null,
    ],
  ];
  it.each(cases)('%s → %s', (_label, notification, expected) => {
    expect(oneTapMomentFailure(notification)).toBe(expected);
  });
});
