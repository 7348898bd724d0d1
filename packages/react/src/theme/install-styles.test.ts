import { afterEach, describe, expect, it } from 'vitest';
import { addStyles, installStyles } from './install-styles.js';

const sheetsOf = (parent: ParentNode) =>
  [...parent.children]
    .filter((child) => child.matches('style[data-lk-styles]'))
    .map((style) => style.textContent ?? '');

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('installStyles and addStyles', () => {
  it('installs the chunks’ sheets with the widget’s where they are bundled together (the npm package)', () => {
    installStyles(document);
    const [sheet] = sheetsOf(document.head);
    for (const rule of [
      '.lk-root .lk-code-box{',
      '.lk-root .lk-passkey-list{',
      '.lk-root .lk-qr{',
      '.lk-root .lk-wallet-links{',
      '.lk-root .lk-row-end{',
    ]) {
      expect(sheet).toContain(rule);
    }
  });

  it('adds a later sheet after the widget’s own, to the document and to every live shadow root, once', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    document.head.append(document.createElement('link'));
    installStyles(document);
    installStyles(shadow);
    installStyles(document);
    expect(sheetsOf(document.head)).toHaveLength(1);
    // The document's sheets lead <head>, so the host's own CSS comes after them.
    expect(document.head.firstElementChild?.tagName).toBe('STYLE');
    const later = '.lk-root .lk-test-later{color:red}';
    addStyles(later);
    addStyles(later);
    expect(sheetsOf(document.head)).toHaveLength(2);
    expect(sheetsOf(document.head)[1]).toBe(later);
    expect(document.head.children[1]?.textContent).toBe(later);
    expect(sheetsOf(shadow)).toHaveLength(2);
    expect(sheetsOf(shadow)[1]).toBe(later);
  });

  it('gives a widget mounted afterwards every sheet in one element, and lets gone shadow roots go', () => {
    const gone = document.createElement('div');
    document.body.append(gone);
    const goneShadow = gone.attachShadow({ mode: 'open' });
    installStyles(goneShadow);
    gone.remove();
    const css = '.lk-root .lk-test-second{color:blue}';
    addStyles(css);
    expect(sheetsOf(goneShadow).some((sheet) => sheet === css)).toBe(false);
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    installStyles(shadow);
    const [only, ...more] = sheetsOf(shadow);
    expect(more).toEqual([]);
    expect(only).toContain('.lk-root .lk-button');
    expect(only?.endsWith(css)).toBe(true);
  });
});
