// Copy is reached by the keyboard, names what it copies, writes the value to the clipboard, and
// says "Copied" in a polite live region that was already in the page; a refused clipboard says so.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyButton', () => {
  it('copies from the keyboard and announces "Copied" politely', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    render(<CopyButton text="public-token-test-1" what="public token" />);
    withClipboard(writeText);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy public token' }));
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('public-token-test-1');
    expect(await screen.findByText('Copied')).toBe(status);
  });

  it('clears "Copied" after a while, so the next copy is announced again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    withClipboard(async () => undefined);
    render(<CopyButton text="x" what="project ID" />);
    await user.click(screen.getByRole('button', { name: 'Copy project ID' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    withClipboard(async () => {
      throw new Error('denied');
    });
    render(<CopyButton text="x" what="secret" />);
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Could not copy: select it and copy it yourself.'),
    );
  });
});
