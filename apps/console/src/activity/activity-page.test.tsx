// A window with nothing in it draws no chart (an empty grid read as "not loaded"): its sentence
// stands where the chart would be, and the table of figures stays, reachable in its region.
import { emptyActivityFigures } from '@latchkey/wire';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../testing/as-operator.js';
import { ActivityPage } from './activity-page.js';

// uPlot asks matchMedia for the pixel ratio when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zeroBucket = (start: string) => ({ start, ...emptyActivityFigures() });

describe('ActivityPage', () => {
  it('says "No …" instead of drawing an all-zero chart, and keeps the table', async () => {
    stubProvider(() => ({
      project_id: 'project-test-1',
      window: '7d',
      bucket: 'day',
      from: '2026-11-25T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
      buckets: [zeroBucket('2026-11-25T00:00:00.000Z'), zeroBucket('2026-11-26T00:00:00.000Z')],
      totals: { ...zeroBucket(''), start: undefined },
    }));
    renderAsOperator('/projects/:projectId/activity', '/projects/project-test-1/activity', <ActivityPage />);
    const failures = await screen.findByRole('region', { name: 'Failures, lockouts and rate limits' });
    const caption = failures.querySelector('figcaption');
    expect(caption?.textContent).toBe('No failed sign-ins, lockouts or rate-limit hits in the last 7 days.');
    expect(caption?.classList.contains('chart-empty')).toBe(true);
    expect(document.querySelectorAll('.activity-chart')).toHaveLength(0);
    // The legend still names what is counted, and the figures are still a table.
    expect(within(failures).getByRole('list', { name: /Legend/ }).textContent).toContain('Lockouts (0)');
    expect(within(failures).getByRole('table')).toBeTruthy();
    const messages = screen.getByRole('region', { name: 'Emails and text messages' });
    expect(messages.querySelector('figcaption')?.textContent).toBe(
      'No emails or text messages in the last 7 days.',
    );
    const signIns = screen.getByRole('region', { name: 'Sign-ins by method' });
    expect(signIns.querySelector('figcaption.chart-empty')?.textContent).toBe(
      'No sign-ins in the last 7 days.',
    );
  });
});
