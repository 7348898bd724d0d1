// While the console starts (its configuration not read yet) the page is not blank to a screen
// reader: a main landmark and an h1 name it, beside what it waits for.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleBoot } from './console-boot.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConsoleBoot while it starts', () => {
  it('has a main landmark and an h1', async () => {
    // The configuration never comes: the page stays starting.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    render(<ConsoleBoot>signed in</ConsoleBoot>);
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: 'Latchkey console' }).closest('main')).toBe(main);
    expect(await screen.findByText('Starting the console…')).toBeTruthy();
  });
});
