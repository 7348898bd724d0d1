// The OAuth page names each provider as its brand writes it (GitHub, not `github`), and removing
// one asks in the console's own dialog (Cancel first, the provider named), not the browser's
// window.confirm; only confirming sends the DELETE.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../testing/as-operator.js';
import { sampleProject } from '../testing/sample-project.js';
import { OAuthProvidersPage } from './oauth-providers-page.js';

// jsdom has <dialog> but not showModal: opening it is all the page asks of it here.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
});

function renderPage() {
  const project = sampleProject();
  let providers = [{ provider_type: 'github', client_id: 'client-1', issuer: null }];
  const calls = stubProvider(({ method, path }) => {
    if (method === 'DELETE') {
      providers = [];
      return {};
    }
    if (path.endsWith('/oauth_providers')) return { oauth_providers: providers };
    return { project };
  });
  renderAsOperator(
    '/projects/:projectId/oauth',
    `/projects/${project.project_id}/oauth`,
    <OAuthProvidersPage />,
  );
  return calls;
}

describe('OAuthProvidersPage', () => {
  it('has one h1 when the providers cannot be read: the error, with a retry', async () => {
    stubProvider(() => ({ status: 503, body: { error_type: 'unavailable', error_message: 'Down.' } }));
    renderAsOperator('/projects/:projectId/oauth', '/projects/project-test-1/oauth', <OAuthProvidersPage />);
    expect((await screen.findByRole('alert')).querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('names providers as their brands do, in the cards and the form', async () => {
    renderPage();
    const card = (await screen.findByRole('list', { name: 'OAuth providers' })).querySelector('li');
    expect(within(card as HTMLElement).getByRole('heading').textContent).toBe('GitHub');
    const options = [...(screen.getByLabelText('Provider') as HTMLSelectElement).options];
    expect(options.find((o) => o.value === 'github')?.textContent).toBe('GitHub');
    expect(options.find((o) => o.value === 'google')?.textContent).toBe('Google');
    expect(options.every((o) => o.textContent !== o.value)).toBe(true);
  });

  it('asks in its own dialog before removing, and Cancel removes nothing', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm');
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove GitHub' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove GitHub?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove GitHub' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove GitHub?' })).getByRole('button', {
        name: 'Remove GitHub',
      }),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No OAuth providers yet' })).toBeTruthy());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      expect.stringMatching(/\/v1\/projects\/project-test-1\/oauth_providers\/github$/),
    ]);
    expect(confirm).not.toHaveBeenCalled();
  });
});
