// Saving the settings says so beside the Save button that was pressed (a polite live region),
// not at the top of a long page, and focus stays on that button; a refusal still takes focus at
// the top, where its summary is.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../testing/as-operator.js';
import { sampleProject } from '../testing/sample-project.js';
import { ProjectSettingsPage } from './project-settings-page.js';

// jsdom has <dialog> but not showModal: opening it is all the page asks of it here.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
});

function renderSettings(patchAnswer: (body: Record<string, unknown>) => unknown) {
  let project = sampleProject();
  const calls = stubProvider(({ method, body }) => {
    if (method === 'PATCH') return patchAnswer(body as Record<string, unknown>);
    return { project };
  });
  const router = renderAsOperator(
    '/projects/:projectId/settings',
    `/projects/${project.project_id}/settings`,
    <ProjectSettingsPage />,
  );
  return {
    calls,
    router,
    saved: (changes: Record<string, unknown>) => {
      project = { ...project, ...changes };
      return { project };
    },
  };
}

describe('ProjectSettingsPage', () => {
  it('says "Saved" beside the Save button, politely, and keeps focus on the button', async () => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Shop two');
    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.click(save);

    const status = await screen.findByText(/^Saved\./);
    expect(page.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Shop two' });
    // Beside the button: in the same bar, and a live region that was there before the text came.
    expect(status.closest('.save-bar')).toBe(save.closest('.save-bar'));
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    // Nothing left to save: the button says so, but keeps focus (a disabled button would drop it).
    expect(document.activeElement).toBe(save);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    // The top of the page says nothing.
    expect(document.querySelector('.summary')?.textContent).toBe('');
  });

  it('puts a refusal at the top, with focus, and no "Saved"', async () => {
    const user = userEvent.setup();
    renderSettings(() => ({
      status: 400,
      body: {
        error_type: 'invalid_request',
        error_message: 'name is too long.',
        body: [{ dataPath: '.name' }],
      },
    }));
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Not saved: name is too long.');
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('.summary')));
    expect(screen.queryByText(/^Saved\./)).toBeNull();
  });

  it('keeps the bar to one row: Discard only while there is something to discard, short labels', async () => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    const name = await screen.findByLabelText(/^Name/);
    const save = screen.getByRole('button', { name: 'Save changes' });
    // The rest of each name is hidden only at phone widths (.wide-only), never from the name.
    expect(save.querySelector('.wide-only')?.textContent).toBe(' changes');
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    await user.type(name, '!');
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    expect(discard.closest('.save-bar')).toBe(save.closest('.save-bar'));
    await user.click(discard);
    expect((name as HTMLInputElement).value).toBe(sampleProject().name);
    // The button went with the changes; focus stays in the bar, on Save.
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(document.activeElement).toBe(save);
  });

  it('says "Not saved." in the bar too after a refusal, beside Save', async () => {
    const user = userEvent.setup();
    renderSettings(() => ({
      status: 400,
      body: { error_type: 'invalid_request', error_message: 'name is too long.' },
    }));
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, '!');
    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.click(save);
    await screen.findByRole('alert');
    const status = document.querySelector('.save-bar [role="status"]');
    expect(status?.textContent).toBe('Not saved.');
    expect(status?.className).toContain('bad');
  });

  it.each([
    ['a number out of its range', /^Default session length/, '-5', 'From 5 to 525600.'],
    ['an empty name', /^Name/, '', 'Enter a name.'],
  ])('sends nothing for %s: focus goes to the field, which says why', async (_, label, typed, said) => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(page.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(String(field.getAttribute('aria-describedby')))?.textContent).toBe(said);
    const status = document.querySelector('.save-bar [role="status"]');
    expect(status?.textContent).toBe('Not saved: a field above needs a change.');
    // Corrected, it saves.
    await user.clear(field);
    await user.type(field, label.source.includes('Name') ? 'Shop three' : '90');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Saved\./)).toBeTruthy();
    expect(page.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('asks before leaving with unsaved changes: Cancel keeps them, Leave goes without saving', async () => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, ' edited');
    await act(() => page.router.navigate('/projects'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(page.router.state.location.pathname).toMatch(/\/settings$/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((name as HTMLInputElement).value).toBe(`${sampleProject().name} edited`);
    await act(() => page.router.navigate('/projects'));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/projects'));
    expect(page.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('leaves without asking once the changes are saved', async () => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    await user.type(await screen.findByLabelText(/^Name/), ' saved');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved\./);
    await act(() => page.router.navigate('/projects'));
    expect(page.router.state.location.pathname).toBe('/projects');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing while there is nothing to save', async () => {
    const user = userEvent.setup();
    const page = renderSettings((body) => page.saved(body));
    await screen.findByLabelText(/^Name/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(page.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
