/** The country picker shows the choice short (flag or letters, and calling code), never a cut name (issue 17 item 7). */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignIn } from '../testing/render-sign-in.js';
import { canDrawFlagEmoji, flagEmojiOf } from './flag-emoji.js';

afterEach(cleanup);

/** The visible face of the picker: what a sighted person reads while it is closed. */
const face = (): HTMLElement => document.querySelector<HTMLElement>('[part="select"]') as HTMLElement;

describe('country picker', () => {
  it('names each country in full to assistive technology, and shows the choice as letters and calling code', async () => {
    const { user } = renderSignIn({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const select = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    expect(select.selectedOptions[0]?.textContent).toBe('United States (+1)');
    // jsdom draws no flags (no canvas): the region's letters stand in for one.
    expect(face().textContent).toBe('US+1');
    expect(face().getAttribute('aria-hidden')).toBe('true');

    await user.selectOptions(select, 'GB');
    expect(face().textContent).toBe('GB+44');
    expect(select.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');
  });

  it('the face is the select’s label-free twin: the select itself stays the one focusable control', () => {
    renderSignIn({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(face().querySelector('button, input, select, [tabindex]')).toBeNull();
    expect(select.nextElementSibling).toBe(face());
  });
});

describe('flagEmojiOf', () => {
  it('builds a flag from the two regional indicators of an ISO code', () => {
    expect(flagEmojiOf('US')).toBe('🇺🇸');
    expect(flagEmojiOf('gb')).toBe('🇬🇧');
  });

  it('gives nothing for anything but two letters', () => {
    for (const code of ['', 'U', 'USA', '1A', 'É1']) expect(flagEmojiOf(code)).toBe('');
  });
});

describe('canDrawFlagEmoji', () => {
  it('is false where no canvas can measure (jsdom), and true where a flag is one glyph', async () => {
    expect(canDrawFlagEmoji()).toBe(false);
    vi.resetModules();
    class OneGlyphCanvas {
      getContext() {
        // A flag as wide as one indicator: a font that draws the pair as one flag.
        return { font: '', measureText: () => ({ width: 40 }) };
      }
    }
    vi.stubGlobal('OffscreenCanvas', OneGlyphCanvas);
    try {
      const fresh = await import('./flag-emoji.js');
      expect(fresh.canDrawFlagEmoji()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
