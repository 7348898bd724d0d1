// An error state offers a retry, except for what the provider says does not exist (a deleted
// project, a mistyped address): retrying a 404 only fails again, so the way out is the projects list.
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from '../api/console-api.js';
import { ErrorState, Loading } from './status.js';

afterEach(cleanup);

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/projects/p/settings'] });
  render(<RouterProvider router={router} />);
}

describe('ErrorState', () => {
  it('offers a retry for a failure that may pass, and takes focus', () => {
    const retry = vi.fn();
    renderAt(
      <ErrorState error={new ConsoleApiError(503, 'unavailable', 'Down for a moment.')} retry={retry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h2')?.textContent).toBe('Something went wrong');
    expect(document.activeElement).toBe(alert);
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says "Not found" for a 404 and links to the projects instead of retrying', () => {
    renderAt(
      <ErrorState
        error={new ConsoleApiError(404, 'project_not_found', 'No project project-test-0.')}
        retry={() => undefined}
        title="The users could not be loaded"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('No project project-test-0.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to projects' }).getAttribute('href')).toBe('/projects');
  });

  it("is the page's one h1 when it is all the page shows, a section's h2 otherwise", () => {
    renderAt(
      <ErrorState asPage error={new ConsoleApiError(503, 'unavailable', 'Down.')} retry={() => undefined} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    cleanup();
    renderAt(<ErrorState asPage error={new ConsoleApiError(404, 'project_not_found', 'No project.')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not found');
  });
});

describe('Loading', () => {
  it('says what is loading in a polite live region that is in the page before its words', () => {
    // The first paint: the region, empty (words in a region as it appears may go unannounced).
    expect(renderToStaticMarkup(<Loading label="Loading users…" />)).toBe(
      '<p class="status" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span></p>',
    );
    render(<Loading label="Loading users…" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading users…');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });
});
