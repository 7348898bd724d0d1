// The audit filters fold on a narrow screen behind one button that says how many are applied (the
// fold itself is insights.css's, checked at 360 px by the console-activity e2e spec); the button
// says whether they are shown, and applying keeps working through it.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditFilterForm } from './audit-filter-form.js';
import { NO_FILTERS } from './audit-query.js';

afterEach(cleanup);

describe('AuditFilterForm', () => {
  it('folds its fields behind "Filters", naming how many are active', async () => {
    const onApply = vi.fn();
    render(
      <AuditFilterForm
        initial={{ ...NO_FILTERS, action: 'user.deleted', actor_type: 'operator' }}
        onApply={onApply}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    const fields = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(fields?.contains(screen.getByLabelText('Action'))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fields?.getAttribute('data-folded')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(fields?.getAttribute('data-folded')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith({ ...NO_FILTERS, action: 'user.deleted', actor_type: 'operator' });
  });

  it('names each actor kind as a menu item is written: capitalised, "Anyone" first', () => {
    render(<AuditFilterForm initial={NO_FILTERS} onApply={() => undefined} />);
    const options = [...(screen.getByLabelText('Actor') as HTMLSelectElement).options];
    expect(options.map((option) => option.textContent)).toEqual([
      'Anyone',
      'Operator',
      'Project',
      'User',
      'System',
    ]);
    expect(options.map((option) => option.value)).toEqual(['', 'operator', 'project', 'user', 'system']);
  });

  it('says just "Filters" when none is applied', () => {
    render(<AuditFilterForm initial={NO_FILTERS} onApply={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });
});
