import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type MountLoginOptions, mountLogin } from '../mount.js';
import { SignIn } from '../sign-in.js';
import { createFakeClient } from '../testing/fake-client.js';
import { APPEARANCE_PROPERTIES, appearanceToProperties } from './appearance.js';
import { BACK_BUTTON_CSS } from './back-button-css.js';
import { BRAND_BUTTONS_CSS } from './brand-buttons-css.js';
import { CODE_CSS } from './code-css.js';
import { CRYPTO_CSS } from './crypto-css.js';
import { DARK_CSS } from './dark-css.js';
import { MFA_CSS } from './mfa-css.js';
import { PASSKEY_CSS } from './passkey-css.js';
import { PHONE_CSS } from './phone-css.js';
import { SCREENS_CSS } from './screens-css.js';
import { TOAST_CSS } from './toast-css.js';
import { WIDGET_CSS } from './widget-css.js';

const here = dirname(fileURLToPath(import.meta.url));
const tokens = readFileSync(join(here, 'tokens.css'), 'utf8');
const CONFIG = { products: ['emailMagicLinks' as const] };

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const ourStyles = (parent: ParentNode) => parent.querySelectorAll('style[data-lk-styles]');

/** mountLogin into a new #login element, with `options` over a fake client and CONFIG. */
function mountIntoPage(options: Partial<MountLoginOptions>) {
  const target = document.createElement('div');
  target.id = 'login';
  document.body.append(target);
  return mountLogin({ elementId: '#login', client: createFakeClient(), config: CONFIG, ...options });
}

describe('appearance.variables', () => {
  it('maps each variable to its custom properties; numbers are pixels, blanks are skipped', () => {
    expect(
      appearanceToProperties({
        variables: {
          colorPrimary: ' #6d28d9 ',
          colorBorder: '#ccc',
          borderRadius: 12,
          spacing: '20px',
          fontFamily: '',
        },
      }),
    ).toEqual({
      '--lk-color-primary': '#6d28d9',
      '--lk-container-border-color': '#ccc',
      '--lk-divider-color': '#ccc',
      '--lk-radius': '12px',
      '--lk-container-border-radius': 'calc(12px * 2)',
      '--lk-spacing': '20px',
    });
    expect(appearanceToProperties(undefined)).toEqual({});
  });

  it.each(APPEARANCE_PROPERTIES)('%s has a default in tokens.css', (property) => {
    expect(tokens).toMatch(new RegExp(`\\n\\s*${property}:`));
  });

  it('reach the widget root, under `styles` (which names the same knob more precisely)', () => {
    const { container } = render(
      <SignIn
        client={createFakeClient()}
        config={CONFIG}
        appearance={{ variables: { colorPrimary: '#6d28d9', borderRadius: 10 } }}
        styles={{ colors: { primary: '#b91c1c' } }}
      />,
    );
    const root = container.querySelector<HTMLElement>('.lk-root');
    expect(root?.style.getPropertyValue('--lk-radius')).toBe('10px');
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#b91c1c');
  });
});

describe('appearance.elements', () => {
  it('adds the host’s classes to the elements it names, beside the widget’s own', () => {
    const { container } = render(
      <SignIn
        client={createFakeClient()}
        config={CONFIG}
        appearance={{
          elements: {
            root: 'brand-root',
            container: 'brand-card',
            headline: 'brand-title',
            label: 'brand-label',
            input: 'brand-input',
            primaryButton: 'brand-button brand-button--wide',
          },
        }}
      />,
    );
    expect(container.querySelector('.lk-root')?.classList).toContain('brand-root');
    expect(container.querySelector('[part="container"]')?.className).toBe('lk-container brand-card');
    expect(screen.getByRole('heading', { name: 'Sign up or log in' }).className).toBe(
      'lk-heading brand-title',
    );
    const email = screen.getByLabelText('Email');
    expect(email.className).toBe('lk-input brand-input');
    expect(container.querySelector(`label[for="${email.id}"]`)?.className).toBe('lk-label brand-label');
    expect(screen.getByRole('button', { name: 'Continue with email' }).className).toBe(
      'lk-button lk-button--primary brand-button brand-button--wide',
    );
  });
});

describe('appearance.colorScheme', () => {
  it('marks the root for the dark rules, and leaves the default (light) unmarked', () => {
    const { container, rerender } = render(<SignIn client={createFakeClient()} config={CONFIG} />);
    expect(container.querySelector('.lk-root')?.hasAttribute('data-lk-color-scheme')).toBe(false);
    rerender(<SignIn client={createFakeClient()} config={CONFIG} appearance={{ colorScheme: 'dark' }} />);
    expect(container.querySelector('.lk-root')?.getAttribute('data-lk-color-scheme')).toBe('dark');
  });

  it('has dark rules for `dark`, and the same ones for `system` under prefers-color-scheme: dark', () => {
    const block = (selector: string) => {
      const start = DARK_CSS.indexOf(`${selector}{`);
      expect(start).toBeGreaterThanOrEqual(0);
      return DARK_CSS.slice(start + selector.length + 1, DARK_CSS.indexOf('}', start));
    };
    const dark = block('.lk-root[data-lk-color-scheme="dark"]');
    expect(dark).toContain('color-scheme:dark');
    expect(dark).toContain('--lk-container-background:');
    expect(DARK_CSS).toContain('@media (prefers-color-scheme:dark){.lk-root[data-lk-color-scheme="system"]{');
    expect(block('.lk-root[data-lk-color-scheme="system"]')).toBe(dark);
  });
});

describe('CSP: nonce and the external stylesheet', () => {
  it('puts the nonce on every <style> the widget adds (sheets and fonts)', () => {
    render(
      <SignIn
        client={createFakeClient()}
        config={CONFIG}
        nonce="r4nd0m"
        styles={{ fonts: [{ family: 'Brand', url: 'https://fonts.example/brand.woff2' }] }}
      />,
    );
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles.map((style) => style.getAttribute('nonce'))).toEqual(['r4nd0m', 'r4nd0m']);
  });

  it('adds no <style> to the document with stylesheet: external (component and mount function)', () => {
    render(<SignIn client={createFakeClient()} config={CONFIG} stylesheet="external" />);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    const mounted = mountIntoPage({ stylesheet: 'external' });
    expect(document.querySelectorAll('style')).toHaveLength(0);
    mounted.unmount();
  });

  it('still gives a shadow root its own sheets (the page’s stylesheet cannot reach inside)', () => {
    const mounted = mountIntoPage({
      config: { ...CONFIG, enableShadowDOM: true },
      stylesheet: 'external',
      nonce: 'r4nd0m',
    });
    const shadow = document.querySelector('latchkey-widget')?.shadowRoot;
    expect(ourStyles(document.head)).toHaveLength(0);
    expect([...ourStyles(shadow as ShadowRoot)].map((style) => style.getAttribute('nonce'))).toEqual([
      'r4nd0m',
    ]);
    mounted.unmount();
  });

  it('styles.css holds every sheet the widget would inject, and the package exports it', () => {
    const script = join(here, '../../scripts/build-css.mjs');
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(script)}).then(async (m) => process.stdout.write(await m.packageStylesheet()))`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const sheet = run.stdout;
    const sheets = [
      WIDGET_CSS,
      DARK_CSS,
      CODE_CSS,
      SCREENS_CSS,
      PASSKEY_CSS,
      CRYPTO_CSS,
      MFA_CSS,
      PHONE_CSS,
      TOAST_CSS,
    ];
    for (const css of [...sheets, BRAND_BUTTONS_CSS, BACK_BUTTON_CSS]) {
      for (const rule of css.split('}').filter((piece) => piece.includes('{'))) expect(sheet).toContain(rule);
    }
    const manifest = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8'));
    expect(manifest.exports['./styles.css']).toBe('./dist/styles.css');
    expect(manifest.sideEffects).toContain('./dist/styles.css');
  });
});
