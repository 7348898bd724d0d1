// The metadata editor: a mistake is shown with its line and column as it is typed and nothing can
// be saved until the text is a JSON object; a save sends only the change; a refusal keeps the text.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetadataEditor } from './metadata-editor.js';

afterEach(cleanup);

function renderEditor(save: (patch: Record<string, unknown>) => Promise<unknown>) {
  render(
    <MetadataEditor
      label="Trusted metadata"
      hint="Set by your back end."
      stored={{ plan: 'free', tier: 1 }}
      save={save}
    />,
  );
  return screen.getByLabelText('Trusted metadata');
}

describe('MetadataEditor', () => {
  it('names a mistake by line and column and keeps Save off until the text is an object again', async () => {
    const save = vi.fn(async () => undefined);
    const box = renderEditor(save);
    const button = screen.getByRole('button', { name: 'Save trusted metadata' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '{\n  "plan": "pro",\n}' } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const problem = screen.getByText(/^Line 3, column 1:/);
    expect(problem.textContent).toContain('trailing comma');
    expect(box.getAttribute('aria-describedby')).toContain(problem.id);
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '{\n  "plan": "pro"\n}' } });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(button);
    expect(save).toHaveBeenCalledWith({ plan: 'pro', tier: null });
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
  });

  it('keeps the text as typed when the provider refuses it', async () => {
    const box = renderEditor(async () => {
      throw new Error('trusted_metadata: may hold at most 16384 bytes of JSON');
    });
    fireEvent.change(box, { target: { value: '{"plan": "huge"}' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save trusted metadata' }));
    expect((await screen.findByRole('status')).textContent).toContain('16384 bytes');
    expect(box).toHaveProperty('value', '{"plan": "huge"}');
  });
});
