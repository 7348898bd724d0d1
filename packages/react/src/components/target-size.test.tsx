// The widget's small controls are 44 × 44 CSS px targets (WCAG 2.5.5; Apple's and Google's touch
// guidance): the Back arrow (was 32 px), the passkey rows' icon buttons (40 px) and the
// "Powered by Latchkey" link (a 12 px line) — each drawn and laid out as before, the extra target
// taken back by a negative margin. jsdom has no layout: this reads the sheets' declared sizes as
// the components get them, resolving the one token they use; the e2e narrow-screen walk measures
// the real boxes in Chromium.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACK_BUTTON_CSS } from '../theme/back-button-css.js';
import { PASSKEY_CSS } from '../theme/passkey-css.js';
import { WIDGET_CSS } from '../theme/widget-css.js';
import { BackButton } from './back-button.js';
import { Watermark } from './watermark.js';

const TARGET = 44;

beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = WIDGET_CSS + BACK_BUTTON_CSS + PASSKEY_CSS;
  document.head.append(style);
});
afterEach(cleanup);

/** A length the sheets declare, in px: `10px`, or `calc(var(--lk-icon-button-size) + 4px)` with the token's default. */
function px(value: string): number {
  const token = /--lk-icon-button-size:(\d+)px/.exec(WIDGET_CSS)?.[1];
  const resolved = value.replace('var(--lk-icon-button-size)', `${token}px`);
  const terms = /^calc\((-?[\d.]+)px \+ (-?[\d.]+)px\)$/.exec(resolved);
  if (terms) return Number(terms[1]) + Number(terms[2]);
  if (!/^-?[\d.]+px$/.test(resolved)) throw new Error(`not a px length: ${value}`);
  return Number.parseFloat(resolved);
}

describe('target sizes', () => {
  it('the Back arrow: 24 px drawn, 44 px to press, laid out at 24 px', () => {
    render(
      <div className="lk-root">
        <BackButton label="Back" disabled={false} onClick={() => undefined} />
      </div>,
    );
    const button = screen.getByRole('button', { name: 'Back' });
    const icon = Number(button.querySelector('svg')?.getAttribute('width'));
    const style = getComputedStyle(button);
    expect(icon + px(style.paddingLeft) + px(style.paddingRight)).toBeGreaterThanOrEqual(TARGET);
    expect(icon + px(style.paddingTop) + px(style.paddingBottom)).toBeGreaterThanOrEqual(TARGET);
    expect(px(style.marginTop)).toBe(-px(style.paddingTop));
    expect(px(style.marginLeft)).toBe(-px(style.paddingLeft));
  });

  it('a passkey row’s icon button: 44 px to press, its background at the icon button size', () => {
    render(
      <div className="lk-root">
        <div className="lk-passkey-actions">
          <button type="button" className="lk-icon-button lk-passkey-action" aria-label="Rename" />
        </div>
      </div>,
    );
    const style = getComputedStyle(screen.getByRole('button', { name: 'Rename' }));
    expect(px(style.width)).toBeGreaterThanOrEqual(TARGET);
    expect(px(style.height)).toBeGreaterThanOrEqual(TARGET);
    const border = px(style.borderTopWidth);
    expect(style.backgroundClip).toBe('padding-box');
    expect(px(style.width) - 2 * border).toBe(px('var(--lk-icon-button-size)'));
    expect(px(style.marginTop)).toBe(-border);
  });

  it('the watermark link: 44 px tall to press, the footer’s line as before', () => {
    render(
      <div className="lk-root">
        <Watermark text="Powered by Latchkey" newTabHint="(opens in a new tab)" />
      </div>,
    );
    const style = getComputedStyle(screen.getByRole('link'));
    expect(style.display).toBe('inline-flex');
    expect(px(style.minHeight)).toBeGreaterThanOrEqual(TARGET);
    // 12 px text at line-height 1.5 is an 18 px line: the margins take back the rest.
    expect(px(style.minHeight) + 2 * px(style.marginTop)).toBe(18);
  });
});
