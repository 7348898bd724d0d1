// The claims template is checked as typed, keeps what was typed while it does not parse, and shows the provider's refusal.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClaimsTemplateField, parseClaimsTemplate } from './claims-template-field.js';
import { changedLimits } from './send-limits-fields.js';

afterEach(cleanup);

describe('ClaimsTemplateField', () => {
  it('refuses JSON that is not an object, keeping the text, and passes an object on', () => {
    const onChange = vi.fn();
    render(<ClaimsTemplateField value={{}} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: /Custom claims/ });
    fireEvent.change(field, { target: { value: '{"plan": "pro"' } });
    expect(screen.getByText(/Not valid JSON/)).toBeTruthy();
    expect(field).toHaveProperty('value', '{"plan": "pro"');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    fireEvent.change(field, { target: { value: '["pro"]' } });
    expect(screen.getByText(/is a JSON object/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '{"plan": "pro"}' } });
    expect(onChange).toHaveBeenLastCalledWith({ plan: 'pro' });
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the provider's refusal beside the field", () => {
    render(
      <ClaimsTemplateField value={{ sub: 'x' }} onChange={() => {}} problem='"sub" is a reserved claim.' />,
    );
    expect(screen.getByText('"sub" is a reserved claim.')).toBeTruthy();
  });

  it('counts the size in bytes and reads an empty field as no claims', () => {
    expect(parseClaimsTemplate('')).toEqual({ ok: true, value: {} });
    expect(parseClaimsTemplate(JSON.stringify({ k: 'é'.repeat(2100) }))).toMatchObject({ ok: false });
  });
});

describe('changedLimits', () => {
  it('sends only the limits that changed', () => {
    expect(
      changedLimits(
        { ip_per_window: 30, project_per_window: 9 },
        { ip_per_window: 30, project_per_window: 500 },
      ),
    ).toEqual({
      project_per_window: 9,
    });
  });
});
