/** The default reCAPTCHA loader: one `<script>` per page, the global it defines, and a retry after a failure. */
import { afterEach, describe, expect, it } from 'vitest';
import type { RecaptchaEnterprise } from '../options.js';
import { loadRecaptchaScript } from './recaptcha-script.js';

type Host = Window & { grecaptcha?: { enterprise?: RecaptchaEnterprise } };
const host = window as Host;
const enterprise: RecaptchaEnterprise = { ready: (callback) => callback(), execute: async () => 't' };

function scripts(url: string): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === url);
}

afterEach(() => {
  delete host.grecaptcha;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('loadRecaptchaScript', () => {
  it('adds one async script for concurrent calls and resolves grecaptcha.enterprise on load', async () => {
    const url = 'https://recaptcha.test/enterprise.js?render=a';
    const first = loadRecaptchaScript(url);
    const second = loadRecaptchaScript(url);
    expect(scripts(url)).toHaveLength(1);
    expect(scripts(url)[0]!.async).toBe(true);
    host.grecaptcha = { enterprise };
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(enterprise);
    expect(await second).toBe(enterprise);
  });

  it('uses the global the page has already, without a script', async () => {
    host.grecaptcha = { enterprise };
    expect(await loadRecaptchaScript('https://recaptcha.test/enterprise.js?render=b')).toBe(enterprise);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('rejects when the script defines no grecaptcha.enterprise', async () => {
    const url = 'https://recaptcha.test/enterprise.js?render=c';
    const load = loadRecaptchaScript(url);
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    await expect(load).rejects.toThrow(`${url} loaded but did not define grecaptcha.enterprise`);
  });

  it('forgets a failed load, so the next call adds a new script', async () => {
    const url = 'https://recaptcha.test/enterprise.js?render=d';
    const failed = loadRecaptchaScript(url);
    scripts(url)[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`${url} could not be loaded`);
    expect(scripts(url)).toHaveLength(0);
    const again = loadRecaptchaScript(url);
    expect(scripts(url)).toHaveLength(1);
    host.grecaptcha = { enterprise };
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    expect(await again).toBe(enterprise);
  });
});
