import { describe, expect, it, vi } from 'vitest';
import { LatchkeyArgumentError } from './errors.js';
import { createMemoryStorage } from './internal/memory-storage.js';
import { type ClientOptions, resolveOptions } from './options.js';

const base: ClientOptions = {
  publicToken: 'public-token-test-1',
  baseUrl: 'http://localhost:4000/',
  storage: createMemoryStorage(),
};

describe('resolveOptions, the OAuth and One Tap additions', () => {
  it('derives the provider base, the One Tap frame and the Google script from the base URL', () => {
    const o = resolveOptions(base);
    expect(o.apiBase).toBe('http://localhost:4000/sdk/v1');
    expect(o.providerBase).toBe('http://localhost:4000');
    expect(o.clientsideServicesIframeURL).toBe('http://localhost:4000/v1/public/clientside-services');
    expect(o.googleSignInScriptURL).toBe('https://accounts.google.com/gsi/client');
    expect(o.recaptchaScriptURL).toBe('https://www.google.com/recaptcha/enterprise.js');
    expect(o.loadRecaptcha).toBeUndefined();
  });

  it('takes both addresses from endpoints, and navigate as given', () => {
    const navigate = vi.fn();
    const o = resolveOptions({
      ...base,
      navigate,
      endpoints: {
        clientsideServicesIframeURL: 'https://frames.example/cs',
        googleSignInScriptURL: 'http://localhost:4700/gsi/client',
      },
    });
    expect(o.clientsideServicesIframeURL).toBe('https://frames.example/cs');
    expect(o.googleSignInScriptURL).toBe('http://localhost:4700/gsi/client');
    o.navigate('https://accounts.example/');
    expect(navigate).toHaveBeenCalledWith('https://accounts.example/');
  });

  it('navigates with window.location.assign by default', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: 'http://localhost:4100', hostname: 'localhost', assign });
    try {
      resolveOptions(base).navigate('https://accounts.example/');
      expect(assign).toHaveBeenCalledWith('https://accounts.example/');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('rejects a navigate that is not a function and addresses that are not strings', () => {
    for (const [options, argument] of [
      [{ navigate: 'https://x' }, 'navigate'],
      [{ endpoints: { clientsideServicesIframeURL: 1 } }, 'endpoints.clientsideServicesIframeURL'],
      [{ endpoints: { googleSignInScriptURL: {} } }, 'endpoints.googleSignInScriptURL'],
      [{ endpoints: { recaptchaScriptURL: 2 } }, 'endpoints.recaptchaScriptURL'],
      [{ loadRecaptcha: 'https://x' }, 'loadRecaptcha'],
    ] as const) {
      let error: unknown;
      try {
        resolveOptions({ ...base, ...(options as unknown as Partial<ClientOptions>) });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LatchkeyArgumentError);
      expect(error).toMatchObject({ argument });
    }
  });
});
