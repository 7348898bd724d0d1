import { userEvent } from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOST_ELEMENT_NAME,
  type MountedWidget,
  mountLogin,
  mountPasskeyRegistration,
  mountResetPassword,
} from './mount.js';
import { createFakeClient } from './testing/fake-client.js';

// The mount functions render with react-dom directly; tell React that tests drive it through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: MountedWidget[] = [];

afterEach(() => {
  act(() => {
    for (const widget of mounted) widget.unmount();
  });
  mounted = [];
  document.body.innerHTML = '';
  for (const style of document.head.querySelectorAll('style')) style.remove();
});

function target(id = 'login'): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

async function mountWith(fn: () => MountedWidget): Promise<MountedWidget> {
  let widget: MountedWidget | undefined;
  await act(async () => {
    widget = fn();
  });
  mounted.push(widget!);
  return widget!;
}

describe('mountLogin', () => {
  it('throws an Error naming a selector that matches nothing', () => {
    const client = createFakeClient();
    expect(() => mountLogin({ elementId: '#nowhere', client, config: {} })).toThrow(Error);
    expect(() => mountLogin({ elementId: '#nowhere', client, config: {} })).toThrow('#nowhere');
    expect(() => mountLogin({ elementId: '##bad', client, config: {} })).toThrow('##bad');
  });

  it('renders in light DOM under .lk-root with one shared stylesheet in the head', async () => {
    const host = target();
    const second = target('login-2');
    const client = createFakeClient();
    await mountWith(() => mountLogin({ elementId: '#login', client, config: {} }));
    await mountWith(() => mountLogin({ elementId: '#login-2', client, config: {} }));

    const element = host.querySelector(HOST_ELEMENT_NAME);
    expect(element?.shadowRoot).toBeNull();
    expect(element?.querySelector('.lk-root h2')?.textContent).toBe('Sign up or log in');
    expect(second.querySelector('.lk-root')).not.toBeNull();
    const styles = document.head.querySelectorAll('style[data-lk-styles]');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toContain('--lk-container-width:400px');
  });

  // An unknown element is inline: around the widget's block it would lay out an empty line in the
  // page's font, which a browser loads before the first paint (issue 18).
  it('makes its host element a block, in the page and as a shadow host', async () => {
    target();
    target('login-2');
    await mountWith(() => mountLogin({ elementId: '#login', client: createFakeClient(), config: {} }));
    await mountWith(() =>
      mountLogin({ elementId: '#login-2', client: createFakeClient(), config: { enableShadowDOM: true } }),
    );
    const [inPage, shadowHost] = document.querySelectorAll(HOST_ELEMENT_NAME);
    expect(getComputedStyle(inPage!).display).toBe('block');
    // jsdom does not match :host; the rule a browser applies to the shadow host is in the shadow root.
    expect(shadowHost?.shadowRoot?.querySelector('style[data-lk-styles]')?.textContent).toMatch(
      /(^|})[^{}]*(^|,):host(,[^{}]*)?\{display:block\}/,
    );
  });

  it('renders inside an open shadow root with the CSS injected there', async () => {
    const host = target();
    await mountWith(() =>
      mountLogin({ elementId: '#login', client: createFakeClient(), config: { enableShadowDOM: true } }),
    );
    const shadow = host.querySelector(HOST_ELEMENT_NAME)?.shadowRoot;
    expect(shadow).toBeTruthy();
    expect(shadow?.querySelector('style[data-lk-styles]')?.textContent).toContain('.lk-root .lk-button');
    expect(shadow?.querySelector('.lk-root h2')?.textContent).toBe('Sign up or log in');
    expect(shadow?.querySelector('input[type="email"]')).not.toBeNull();
    // Nothing leaks into the page: no light-DOM widget markup and no document stylesheet.
    expect(host.querySelector('.lk-root')).toBeNull();
    expect(document.head.querySelector('style[data-lk-styles]')).toBeNull();
  });

  it('works from the keyboard inside the shadow root', async () => {
    const host = target();
    const client = createFakeClient();
    await mountWith(() => mountLogin({ elementId: '#login', client, config: { enableShadowDOM: true } }));
    const shadow = host.querySelector(HOST_ELEMENT_NAME)!.shadowRoot!;
    const input = shadow.querySelector<HTMLInputElement>('input[type="email"]')!;
    const user = userEvent.setup();
    await act(async () => {
      await user.type(input, 'ada@example.com{Enter}');
    });
    await vi.waitFor(() => expect(shadow.querySelector('h2')?.textContent).toBe('Check your email'));
    expect(client.calls.loginOrCreate[0]?.email).toBe('ada@example.com');
  });

  it('puts the One Tap placeholder in the page when the widget is in a shadow root', async () => {
    const host = target();
    const config = {
      enableShadowDOM: true,
      products: ['emailMagicLinks' as const, 'oauth' as const],
      oauthOptions: { providers: [{ type: 'google', one_tap: true }] },
    };
    const widget = await mountWith(() =>
      mountLogin({ elementId: '#login', client: createFakeClient(), config }),
    );
    expect(host.querySelector(':scope > #lk-google-one-tap')).not.toBeNull();
    expect(host.querySelector(HOST_ELEMENT_NAME)?.shadowRoot?.querySelector('#lk-google-one-tap')).toBeNull();
    act(() => widget.unmount());
    mounted = [];
    expect(host.childElementCount).toBe(0);
  });

  it('unmount removes the widget from the target', async () => {
    const host = target();
    const widget = await mountWith(() =>
      mountLogin({ elementId: '#login', client: createFakeClient(), config: {} }),
    );
    act(() => widget.unmount());
    mounted = [];
    expect(host.innerHTML).toBe('');
  });

  it('applies the theme as custom properties on .lk-root', async () => {
    const host = target();
    await mountWith(() =>
      mountLogin({
        elementId: '#login',
        client: createFakeClient(),
        config: {},
        styles: { colors: { primary: '#123456' }, container: { width: 320 } },
      }),
    );
    const root = host.querySelector<HTMLElement>('.lk-root');
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#123456');
    expect(root?.style.getPropertyValue('--lk-container-width')).toBe('320px');
  });
});

describe('mountResetPassword and mountPasskeyRegistration', () => {
  it('mount their modes and throw on a missing selector', async () => {
    const client = createFakeClient();
    expect(() => mountResetPassword({ elementId: '.missing', client, config: {} })).toThrow('.missing');
    expect(() => mountPasskeyRegistration({ elementId: '.missing', client, config: {} })).toThrow('.missing');
    const host = target();
    await mountWith(() => mountPasskeyRegistration({ elementId: '#login', client, config: {} }));
    expect(host.textContent).toContain(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    );
    const reset = target('reset');
    await mountWith(() =>
      mountResetPassword({ elementId: '#reset', client, config: {}, passwordResetToken: 't' }),
    );
    expect(reset.querySelector('h2')?.textContent).toBe('Reset your password');
  });
});
