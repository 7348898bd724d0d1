import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { fontFaceCss, installFontFaces } from './font-faces.js';
import { THEMED_PROPERTIES, themeToProperties } from './theme.js';

const here = dirname(fileURLToPath(import.meta.url));
const read = (name: string) => readFileSync(join(here, name), 'utf8');
const tokens = read('./tokens.css');
const widget = read('./widget.css');
const declared = new Set([...tokens.matchAll(/(--lk-[\w-]+)\s*:/g)].map((m) => m[1]));
const used = (css: string) => new Set([...css.matchAll(/var\((--lk-[\w-]+)\)/g)].map((m) => m[1]));

describe('themeToProperties', () => {
  it('maps every styles knob to its custom property, numbers as pixels', () => {
    expect(
      themeToProperties({
        container: { backgroundColor: '#fff', borderColor: '#ccc', borderRadius: 12, width: '100%' },
        colors: { primary: 'navy', secondary: 'gray', success: 'green', error: 'crimson' },
        buttons: {
          primary: { backgroundColor: 'navy', textColor: 'white', borderColor: 'navy', borderRadius: '20px' },
          secondary: { backgroundColor: 'white', textColor: 'navy', borderColor: 'gray', borderRadius: 0 },
        },
        inputs: {
          backgroundColor: '#fafafa',
          borderColor: '#999',
          textColor: '#111',
          placeholderColor: '#777',
          borderRadius: 2,
        },
        fontFamily: 'Inter, sans-serif',
      }),
    ).toEqual({
      '--lk-container-background': '#fff',
      '--lk-container-border-color': '#ccc',
      '--lk-container-border-radius': '12px',
      '--lk-container-width': '100%',
      '--lk-color-primary': 'navy',
      '--lk-color-secondary': 'gray',
      '--lk-color-success': 'green',
      '--lk-color-error': 'crimson',
      '--lk-button-primary-background': 'navy',
      '--lk-button-primary-text': 'white',
      '--lk-button-primary-border-color': 'navy',
      '--lk-button-primary-border-radius': '20px',
      '--lk-button-secondary-background': 'white',
      '--lk-button-secondary-text': 'navy',
      '--lk-button-secondary-border-color': 'gray',
      '--lk-button-secondary-border-radius': '0px',
      '--lk-input-background': '#fafafa',
      '--lk-input-border-color': '#999',
      '--lk-input-text': '#111',
      '--lk-input-placeholder': '#777',
      '--lk-input-border-radius': '2px',
      '--lk-font-family': 'Inter, sans-serif',
    });
  });

  it('sets nothing for knobs the host left out or left blank', () => {
    expect(themeToProperties(undefined)).toEqual({});
    expect(themeToProperties({ colors: { primary: '  ' }, hideHeaderText: true })).toEqual({});
  });
});

describe('tokens.css and widget.css', () => {
  it('declare a default for every variable the rules and the theme use', () => {
    for (const name of [...used(widget), ...used(tokens), ...THEMED_PROPERTIES])
      expect(declared).toContain(name);
  });

  it('keep the spec §9 defaults: 400px wide, 8px radius, toasts 350px, 0.35 s in, 0.4 s out', () => {
    expect(tokens).toMatch(/--lk-container-width:\s*400px;/);
    expect(tokens).toMatch(/--lk-container-border-radius:\s*8px;/);
    expect(tokens).toMatch(/--lk-toast-max-width:\s*350px;/);
    expect(tokens).toMatch(/--lk-toast-enter-duration:\s*0\.35s;/);
    expect(tokens).toMatch(/--lk-toast-exit-duration:\s*0\.4s;/);
  });

  it('widget.css has no raw colours and scopes every rule under .lk-root, but the host element’s', () => {
    const withoutComments = widget.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(withoutComments).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i);
    const selectors = [...withoutComments.matchAll(/(^|})\s*([^{}@]+)\{/g)].map((m) => m[2]!.trim());
    const hostRule = 'latchkey-widget,\n:host';
    expect(selectors).toContain(hostRule);
    for (const group of selectors.filter((s) => !/^(from|to|\d+%)$/.test(s) && s !== hostRule)) {
      for (const selector of group.split(',')) expect(selector.trim()).toMatch(/^\.lk-root\b/);
    }
  });

  it('the generated string module is up to date with the .css files', () => {
    const script = join(here, '../../scripts/build-css.mjs');
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('font faces', () => {
  afterEach(() => {
    for (const style of document.head.querySelectorAll('style')) style.remove();
  });

  it('writes @font-face rules and keeps host text inside its string tokens', () => {
    expect(fontFaceCss([{ family: 'Inter', url: 'https://fonts.example/inter.woff2', weight: 400 }])).toBe(
      '@font-face{font-family:"Inter";src:url("https://fonts.example/inter.woff2");font-display:swap;font-weight:400}',
    );
    // The quotes are escaped (\\22), so the payloads stay inside their CSS strings.
    expect(fontFaceCss([{ family: 'x"}body{display:none', url: 'a")}*{color:red' }])).toBe(
      '@font-face{font-family:"x\\22 }body{display:none";src:url("a\\22 )}*{color:red");font-display:swap}',
    );
  });

  it('installs the rules once in the document and removes them with the last user', () => {
    const fonts = [{ family: 'Inter', url: '/inter.woff2' }];
    const first = installFontFaces(document, fonts);
    const second = installFontFaces(document, fonts);
    expect(document.head.querySelectorAll('style[data-lk-fonts]')).toHaveLength(1);
    first();
    expect(document.head.querySelectorAll('style[data-lk-fonts]')).toHaveLength(1);
    second();
    expect(document.head.querySelectorAll('style[data-lk-fonts]')).toHaveLength(0);
  });
});
