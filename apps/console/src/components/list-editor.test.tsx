// The list editor refuses a bad entry inline, keeps what was typed, and adds a good one.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { originProblem } from '../lib/url-rules.js';
import { ListEditor } from './list-editor.js';

afterEach(cleanup);

function Origins() {
  const [items, setItems] = useState<string[]>([]);
  return (
    <ListEditor
      label="Allowed origins"
      hint="Pages on these origins may use the widget."
      placeholder="https://app.example.com"
      items={items}
      onChange={setItems}
      problemOf={originProblem}
    />
  );
}

describe('ListEditor', () => {
  it('refuses a bad origin beside the field, keeps the text, then adds the corrected one with Enter', async () => {
    const user = userEvent.setup();
    render(<Origins />);
    const field = screen.getByRole('textbox', { name: 'Add to Allowed origins' });
    await user.type(field, 'https://app.example.com/login');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Enter an origin/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('https://app.example.com/login');
    expect(screen.queryByRole('listitem')).toBeNull();

    await user.clear(field);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(field, 'https://app.example.com{Enter}');
    expect(screen.getByRole('listitem').textContent).toContain('https://app.example.com');
    expect((field as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Remove https://app.example.com' }));
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
