// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { attachCounters, DEFAULT_COUNTER_MAX } from './counters.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('attachCounters (spec §3, §5)', () => {
  it('ties each counter to the input its data attribute names and follows typing', () => {
    document.body.innerHTML = `
      <input id="headline" maxlength="90" value="Hello">
      <span data-counter-target="headline"></span>
      <textarea id="description"></textarea>
      <span data-counter-target="description"></span>`;
    const detach = attachCounters(document);
    const [headline, description] = document.querySelectorAll('span');
    expect(headline?.textContent).toBe('5 / 90');
    expect(description?.textContent).toBe(`0 / ${DEFAULT_COUNTER_MAX}`);
    const textarea = document.getElementById('description') as HTMLTextAreaElement;
    textarea.value = 'x'.repeat(251);
    textarea.dispatchEvent(new Event('input'));
    expect(description?.textContent).toBe('251 / 250');
    expect(description?.hasAttribute('data-over')).toBe(true);
    detach();
    textarea.value = '';
    textarea.dispatchEvent(new Event('input'));
    expect(description?.textContent).toBe('251 / 250');
  });

  it('skips a counter whose target does not exist', () => {
    document.body.innerHTML = '<span data-counter-target="nope">?</span>';
    attachCounters(document);
    expect(document.querySelector('span')?.textContent).toBe('?');
  });
});
