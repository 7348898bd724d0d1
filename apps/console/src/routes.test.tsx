// Opening the activity page's address loads its chunk before the router renders anything: a
// loading state says so meanwhile, where the page was blank.
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleRouter } from './routes.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('createConsoleRouter', () => {
  it('shows a loading state, not a blank page, while a lazy page of the address loads', async () => {
    // The console's configuration never comes: only the router's own first state is looked at.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    window.history.replaceState(null, '', '/console/projects/project-test-1/activity');
    render(<RouterProvider router={createConsoleRouter()} />);
    // At once: the page's chunk is still on its way.
    expect(screen.getByRole('status').textContent).toBe('Loading the console…');
  });
});
