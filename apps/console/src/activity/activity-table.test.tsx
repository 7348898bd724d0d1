// The figures' table hides empty buckets until asked for them; a window where every bucket is
// empty shows its empty state alone — a "Show all 7 rows" link under it would only list zeros.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityTable } from './activity-table.js';

afterEach(cleanup);

const DAYS = ['Nov 21', 'Nov 22', 'Nov 23', 'Nov 24', 'Nov 25', 'Nov 26', 'Nov 27'];

function renderTable(values: number[]) {
  render(
    <ActivityTable
      caption="Lockouts"
      regionLabel="Lockout figures"
      labels={DAYS}
      series={[{ label: 'Lockouts', values }]}
      bucket="day"
    />,
  );
}

describe('ActivityTable', () => {
  it('shows only the empty state when every row is zero, with no row-expander', () => {
    renderTable([0, 0, 0, 0, 0, 0, 0]);
    expect(screen.getByRole('cell', { name: 'Nothing in this window.' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('hides the empty rows until asked, then shows all of them, newest first', () => {
    renderTable([0, 2, 0, 0, 0, 1, 0]);
    const rowHeaders = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rowHeaders()).toEqual(['Nov 26', 'Nov 22']);
    const expander = screen.getByRole('button', { name: 'Show all 7 rows' });
    expect(expander.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(expander);
    expect(rowHeaders()).toEqual([...DAYS].reverse());
    expect(screen.getByRole('button', { name: 'Show only the busy rows' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByRole('cell', { name: 'Nothing in this window.' })).toBeNull();
  });
});
