import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_GLOBAL, type PhoneModule } from './phone-module.js';

const globals = globalThis as Record<string, unknown>;

/** Imports a fresh copy of the loader while `script` is the current script, as in a real page. */
async function loaderFrom(src: string, nonce = '') {
  const script = document.createElement('script');
  script.src = src;
  script.nonce = nonce;
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  vi.resetModules();
  try {
    return await import('./import-phone-script.js');
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
  }
}

const phoneTags = () => [
  ...document.head.querySelectorAll<HTMLScriptElement>('script[src$="latchkey-phone.js"]'),
];

afterEach(() => {
  for (const tag of phoneTags()) tag.remove();
  Reflect.deleteProperty(globals, PHONE_GLOBAL);
});

describe('importPhone (standalone script-tag loader)', () => {
  it("loads latchkey-phone.js from beside the bundle's own script, with its nonce", async () => {
    const { importPhone, phoneScriptUrl } = await loaderFrom(
      'https://cdn.example/latchkey/5.1.2/latchkey-widget.js?v=1',
      'n0nce',
    );
    expect(phoneScriptUrl()).toBe('https://cdn.example/latchkey/5.1.2/latchkey-phone.js');
    const loading = importPhone();
    const [tag] = phoneTags();
    expect(tag?.src).toBe('https://cdn.example/latchkey/5.1.2/latchkey-phone.js');
    expect(tag?.nonce).toBe('n0nce');
    const phone = { countries: () => [] } as unknown as PhoneModule;
    globals[PHONE_GLOBAL] = phone;
    tag?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(phone);
    // Already published: no second tag.
    await expect(importPhone()).resolves.toBe(phone);
    expect(phoneTags()).toHaveLength(1);
  });

  it('falls back to the page URL when the bundle ran without a script element', async () => {
    const { phoneScriptUrl } = await loaderFrom('');
    expect(phoneScriptUrl()).toBe(new URL('latchkey-phone.js', document.baseURI).href);
  });

  it('rejects and removes the tag when the file fails to load or defines nothing', async () => {
    const { importPhone } = await loaderFrom('https://cdn.example/latchkey-widget.js');
    const failing = importPhone();
    phoneTags()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('could not load https://cdn.example/latchkey-phone.js');
    expect(phoneTags()).toHaveLength(0);
    const empty = importPhone();
    phoneTags()[0]?.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('did not define the phone functions');
  });
});
