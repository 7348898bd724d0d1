/** The widget's Google One Tap: started once per mount with the oauth options, its result logged and reported. */
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig, WidgetEvent } from '../../config.js';
import { type MountedWidget, mountLogin } from '../../mount.js';
import { SignIn } from '../../sign-in.js';
import { createFakeClient } from '../../testing/fake-client.js';
import { renderSignIn } from '../../testing/render-sign-in.js';
import type { WidgetGoogleOneTapResult } from '../../widget-client.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: {
    loginRedirectURL: 'http://localhost:4100/authenticate',
    signupRedirectURL: 'http://localhost:4100/welcome',
    providers: [{ type: 'google', one_tap: true }],
  },
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const oneTapEvents = (events: WidgetEvent[]) => events.filter((e) => e.type === 'ONE_TAP_RESULT');

describe('Google One Tap in <SignIn>', () => {
  it('starts once, with the oauth redirect URLs and the placeholder as the prompt parent', async () => {
    const { client } = renderSignIn(CONFIG);
    await settle();
    expect(document.getElementById('lk-google-one-tap')).not.toBeNull();
    expect(client.calls.oneTapStart).toEqual([
      {
        login_redirect_url: 'http://localhost:4100/authenticate',
        signup_redirect_url: 'http://localhost:4100/welcome',
        prompt_parent_id: 'lk-google-one-tap',
      },
    ]);
  });

  it('does not start without a provider asking for one_tap, nor without the oauth product', async () => {
    const withoutOneTap = renderSignIn({ ...CONFIG, oauthOptions: { providers: [{ type: 'google' }] } });
    const withoutOAuth = renderSignIn({ ...CONFIG, products: ['emailMagicLinks'] });
    await settle();
    expect(withoutOneTap.client.calls.oneTapStart).toEqual([]);
    expect(withoutOAuth.client.calls.oneTapStart).toEqual([]);
  });

  it('logs a failure with its reason and reports it to the host', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events } = renderSignIn(CONFIG, {
      oneTapStart: () => Promise.resolve({ success: false, reason: 'user_cancel' }),
    });
    await settle();
    expect(warn).toHaveBeenCalledWith('One Tap could not load: user_cancel');
    expect(oneTapEvents(events)).toEqual([
      { type: 'ONE_TAP_RESULT', data: { success: false, reason: 'user_cancel' } },
    ]);
  });

  it('reports a success to the host without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events } = renderSignIn(CONFIG, { oneTapStart: () => Promise.resolve({ success: true }) });
    await settle();
    expect(oneTapEvents(events)).toEqual([{ type: 'ONE_TAP_RESULT', data: { success: true } }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('treats a start that throws as unknown_reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('login_redirect_url must be an absolute http(s) URL');
    const { events } = renderSignIn(CONFIG, { oneTapStart: () => Promise.reject(failure) });
    await settle();
    expect(warn).toHaveBeenCalledWith('One Tap could not load: unknown_reason', failure);
    expect(oneTapEvents(events)).toEqual([
      { type: 'ONE_TAP_RESULT', data: { success: false, reason: 'unknown_reason' } },
    ]);
  });

  it('uses the host’s wording of the warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createFakeClient({
      oneTapStart: () => Promise.resolve({ success: false, reason: 'oauth_config_not_found' }),
    });
    render(
      <SignIn client={client} config={CONFIG} strings={{ 'fallback.oneTap': 'Pas de One Tap : {reason}' }} />,
    );
    await settle();
    expect(warn).toHaveBeenCalledWith('Pas de One Tap : oauth_config_not_found');
  });

  it('starts once per mount, through re-renders and React’s development re-run of effects', async () => {
    let finish: (result: WidgetGoogleOneTapResult) => void = () => {};
    const client = createFakeClient({ oneTapStart: () => new Promise((resolve) => (finish = resolve)) });
    const events: WidgetEvent[] = [];
    const view = render(
      <StrictMode>
        <SignIn client={client} config={CONFIG} callbacks={{ onEvent: (e) => events.push(e) }} />
      </StrictMode>,
    );
    view.rerender(
      <StrictMode>
        <SignIn client={client} config={{ ...CONFIG }} callbacks={{ onEvent: (e) => events.push(e) }} />
      </StrictMode>,
    );
    await settle();
    expect(client.calls.oneTapStart).toHaveLength(1);
    await act(async () => finish({ success: true }));
    expect(oneTapEvents(events)).toHaveLength(1);

    view.unmount();
    render(<SignIn client={client} config={CONFIG} />);
    await settle();
    expect(client.calls.oneTapStart).toHaveLength(2);
  });
});

describe('Google One Tap from mountLogin in a shadow root', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  it('names the placeholder mountLogin put in the page as the prompt parent', async () => {
    const host = document.createElement('div');
    host.id = 'login';
    document.body.append(host);
    const client = createFakeClient();
    let widget: MountedWidget | undefined;
    await act(async () => {
      widget = mountLogin({ elementId: '#login', client, config: { ...CONFIG, enableShadowDOM: true } });
    });
    expect(client.calls.oneTapStart).toEqual([
      expect.objectContaining({ prompt_parent_id: 'lk-google-one-tap' }),
    ]);
    act(() => widget?.unmount());
  });
});
