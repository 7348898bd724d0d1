// The endpoint form checks the URL as the provider will and the event filter before sending,
// keeps what was typed, and shows the provider's refusal beside the field it names.
import type { LatchkeyClient } from '@latchkey/client';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ConsoleApiError } from '../../api/console-api.js';
import type { ConsoleConfig } from '../../auth/console-client.js';
import { OperatorProvider } from '../../auth/operator-context.js';
import { type EndpointFields, EndpointForm } from './endpoint-form.js';

afterEach(cleanup);

const CATALOGUE = [
  { event_type: 'user.created', description: 'A user is created.' },
  { event_type: 'user.deleted', description: 'A user is deleted.' },
];

function renderForm(onSubmit: (fields: EndpointFields) => Promise<void>, developmentIssuer: string | null) {
  const config = { development_issuer: developmentIssuer } as ConsoleConfig;
  render(
    <OperatorProvider
      client={{} as LatchkeyClient}
      config={config}
      operator={{ operator_id: 'op', email: null }}
    >
      <EndpointForm
        title="Add an endpoint"
        submitLabel="Add endpoint"
        busyLabel="Adding…"
        catalogue={CATALOGUE}
        onSubmit={onSubmit}
      />
    </OperatorProvider>,
  );
  return screen.getByRole('textbox', { name: 'Endpoint URL' }) as HTMLInputElement;
}

/**
 * Renders the form (with `developmentIssuer`, if any, and `onSubmit`, by default one that accepts)
 * and types `typed` into its URL field.
 */
async function formWithUrl(
  typed: string,
  {
    developmentIssuer = null,
    onSubmit = vi.fn(async (_fields: EndpointFields) => undefined),
  }: { developmentIssuer?: string | null; onSubmit?: Mock<(fields: EndpointFields) => Promise<void>> } = {},
) {
  const user = userEvent.setup();
  const url = renderForm(onSubmit, developmentIssuer);
  await user.type(url, typed);
  return { user, onSubmit, url };
}

describe('EndpointForm', () => {
  it('refuses plain http to another host inline, keeps the text and focuses the field; sends nothing', async () => {
    const { user, onSubmit, url } = await formWithUrl('http://10.0.0.1/hooks', {
      developmentIssuer: 'http://localhost:4000/dev/oidc',
    });
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.value).toBe('http://10.0.0.1/hooks');
    expect(document.activeElement).toBe(url);
    expect(screen.getByText(/must use https \(http only to localhost/)).toBeTruthy();

    // Correcting it clears the message as it is typed.
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:9999/hooks');
    expect(url.getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the URL when the field is left, but not when leaving it for the submit button', async () => {
    const { user, url } = await formWithUrl('http://hooks.example.com');
    // Pressing the button: the message comes from the submit (and focus goes back to the field).
    screen.getByRole('button', { name: 'Add endpoint' }).focus();
    expect(screen.queryByText('The URL must use https.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText('The URL must use https.')).toBeTruthy();
    expect(document.activeElement).toBe(url);
    // Tabbing away to anything else checks it at once.
    await user.clear(url);
    await user.type(url, 'ftp://hooks.example.com');
    await user.tab();
    expect(screen.getByText('The URL must use https.')).toBeTruthy();
  });

  it('takes http to localhost only in development', async () => {
    const { user, onSubmit } = await formWithUrl('http://127.0.0.1:9999/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The URL must use https.')).toBeTruthy();
  });

  it('asks for at least one event when filtering, then sends the chosen types', async () => {
    const { user, onSubmit } = await formWithUrl('https://hooks.example.com/latchkey');
    await user.click(screen.getByRole('radio', { name: 'Only the events I choose' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Choose at least one event/);
    await user.click(screen.getByRole('checkbox', { name: /user\.deleted/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(onSubmit).toHaveBeenCalledWith({
      url: 'https://hooks.example.com/latchkey',
      description: '',
      event_types: ['user.deleted'],
    });
  });

  it("shows the provider's refusal of the URL beside the field", async () => {
    const { user, url } = await formWithUrl('https://hooks.example.com/x', {
      onSubmit: vi.fn(async () => {
        throw new ConsoleApiError(400, 'invalid_request', 'url must use https.', 'url');
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('url must use https.')).toBeTruthy();
    expect(url.value).toBe('https://hooks.example.com/x');
  });
});
