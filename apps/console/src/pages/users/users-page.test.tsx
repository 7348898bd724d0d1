// An empty answer is said once: the empty state's heading, in a polite live region, and not again
// in the results summary above it (which said "No users match." too, issue 21).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../../testing/as-operator.js';
import { UsersPage } from './users-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderUsers(url: string) {
  stubProvider(({ path }) =>
    path.endsWith('/oauth_providers')
      ? { oauth_providers: [] }
      : { results: [], results_metadata: { total: 0, next_cursor: null } },
  );
  renderAsOperator('/projects/:projectId/users', url, <UsersPage />);
}

describe('UsersPage', () => {
  it('says "No users match" once when a search finds no one, announced politely', async () => {
    renderUsers('/projects/project-test-1/users?q=nobody');
    const heading = await screen.findByRole('heading', { name: 'No users match' });
    expect(screen.getAllByText(/No users match/)).toHaveLength(1);
    expect(heading.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('says "No users yet" once for a project without users', async () => {
    renderUsers('/projects/project-test-1/users');
    await screen.findByRole('heading', { name: 'No users yet' });
    expect(screen.queryAllByText(/No users (match|yet)/)).toHaveLength(1);
  });
});
