import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetEvent } from './config.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { deferred } from './testing/deferred.js';
import {
  apiError,
  createFakeClient,
  type FakeClientOptions,
  PASSKEY_REGISTERED_RESULT,
  passkey,
  type TestUser,
  webauthnError,
} from './testing/fake-client.js';

afterEach(cleanup);

const USER: TestUser = { user_id: 'user-test-1', emails: [{ email: 'ada@example.com' }] };

describe('<PasskeyRegistration>', () => {
  it('shows exactly the spec error without a signed-in user', () => {
    render(<PasskeyRegistration client={createFakeClient()} config={{ products: ['passkeys'] }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the passkey start screen for a signed-in user without passkeys', () => {
    render(
      <PasskeyRegistration client={createFakeClient({ user: USER })} config={{ products: ['passkeys'] }} />,
    );
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows user.onChange: signing in elsewhere replaces the error', () => {
    const client = createFakeClient();
    render(<PasskeyRegistration client={client} config={{ products: ['passkeys'] }} />);
    act(() => client.setUser(USER));
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
  });
});

const PASSKEYS = [
  passkey(1, { name: 'MacBook', last_authenticated_at: '2026-01-03T10:00:00Z' }),
  passkey(2, { name: 'Phone' }),
];
const SIGNED_IN = { ...USER, webauthn_registrations: PASSKEYS };

function renderRegistration(options: FakeClientOptions = {}) {
  const client = createFakeClient({ user: SIGNED_IN, ...options });
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  const user = userEvent.setup();
  render(
    <PasskeyRegistration
      client={client}
      config={{ products: ['passkeys'] }}
      callbacks={{ onEvent: (e) => events.push(e), onError: (e) => errors.push(e) }}
    />,
  );
  return { client, events, errors, user };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Existing Passkeys' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.lk-passkey-name')?.textContent ?? null);

/** The list, once the provider answered. */
const openList = () => screen.findByRole('list', { name: 'Existing Passkeys' });

/** A user without passkeys yet: the provider agrees until one is registered, then lists PASSKEYS. */
function renderNewUser(options: FakeClientOptions = {}) {
  let registered = false;
  const rendered = renderRegistration({
    user: USER,
    userGet: () => Promise.resolve(registered ? SIGNED_IN : { ...USER, webauthn_registrations: [] }),
    ...options,
    webauthnRegister: (registerOptions) => {
      const result =
        options.webauthnRegister?.(registerOptions) ?? Promise.resolve(PASSKEY_REGISTERED_RESULT);
      return result.then((value) => {
        registered = true;
        return value;
      });
    },
  });
  return rendered;
}

const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent);

describe('<PasskeyRegistration>: where it opens', () => {
  it('opens on the list for a user who has passkeys, titled as the list, leaving focus alone', async () => {
    const { client } = renderRegistration();
    expect(headings()).toEqual(['Existing Passkeys']);
    expect(screen.getByText('Loading your Passkeys…')).toBeTruthy();
    await openList();
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(client.calls.userGet).toBe(1);
    expect(document.activeElement).toBe(document.body);
  });

  it('opens on Start for a user without passkeys, and stays there when the provider agrees', async () => {
    const { client } = renderNewUser();
    expect(headings()).toEqual(['Set up a new Passkey']);
    expect(button('Skip')).toBeTruthy();
    await waitFor(() => expect(client.calls.userGet).toBe(1));
    await act(async () => {});
    expect(headings()).toEqual(['Set up a new Passkey']);
  });

  it('shows the list when the provider knows passkeys the client did not (set up on another device)', async () => {
    renderRegistration({ user: USER, userGet: () => Promise.resolve(SIGNED_IN) });
    expect(headings()).toEqual(['Set up a new Passkey']);
    await openList();
    expect(headings()).toEqual(['Existing Passkeys']);
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
    // It replaced the first screen by itself: focus stays where the page had it.
    expect(document.activeElement).toBe(document.body);
  });

  it('ignores that answer once the user started creating a passkey', async () => {
    const answer = deferred<typeof SIGNED_IN>();
    const ceremony = deferred<unknown>();
    const { user } = renderRegistration({
      user: USER,
      userGet: () => answer.promise,
      webauthnRegister: () => ceremony.promise,
    });
    await user.click(button('Create a Passkey'));
    answer.resolve(SIGNED_IN);
    await act(async () => {});
    expect(headings()).toEqual(['Set up a new Passkey']);
    expect(button('Create a Passkey').getAttribute('aria-busy')).toBe('true');
    ceremony.resolve(PASSKEY_REGISTERED_RESULT);
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
  });

  it('checks again for a user who signs in on the page after it mounted', async () => {
    const client = createFakeClient({ userGet: () => Promise.resolve(SIGNED_IN) });
    render(<PasskeyRegistration client={client} config={{ products: ['passkeys'] }} />);
    expect(client.calls.userGet).toBe(0);
    act(() => client.setUser(USER));
    await openList();
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
  });
});

describe('<PasskeyRegistration>: Start', () => {
  it('explains passkeys and offers Create and Skip', () => {
    renderNewUser();
    expect(
      screen.getByText(
        'Passkeys let you log in with your fingerprint, face or screen lock instead of a password or code.',
      ),
    ).toBeTruthy();
    expect(button('Create a Passkey').className).toContain('lk-button--primary');
    expect(button('Skip').className).toContain('lk-button--secondary');
  });

  it('creates a passkey, then lists the passkeys fetched from the provider', async () => {
    const ceremony = deferred<unknown>();
    const { client, events, user } = renderNewUser({ webauthnRegister: () => ceremony.promise });
    await user.click(button('Create a Passkey'));
    expect(button('Create a Passkey').getAttribute('aria-busy')).toBe('true');
    expect(button('Skip').disabled).toBe(true);
    ceremony.resolve(PASSKEY_REGISTERED_RESULT);
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect(client.calls.webauthnRegister).toEqual([{ isPasskey: true, sessionDurationMinutes: 30 }]);
    expect(events).toEqual([{ type: 'PASSKEY_REGISTER', data: PASSKEY_REGISTERED_RESULT }]);
    await waitFor(() => expect(rowNames()).toEqual(['MacBook', 'Phone']));
    expect(client.calls.userGet).toBe(2);
    expect([...document.querySelectorAll('.lk-passkey-meta')].map((meta) => meta.textContent)).toEqual([
      'Created Jan 1, 2026 · Last used Jan 3, 2026',
      'Created Jan 2, 2026',
    ]);
    // The pencil and trash buttons are described by that line, for passkeys with the same name.
    expect(button('Rename MacBook').getAttribute('aria-describedby')).toBe(
      document.querySelector('.lk-passkey-meta')?.id,
    );
  });

  it('says the passkey is already registered when the authenticator holds one of this account', async () => {
    const messages = [
      webauthnError('webauthn_credential_excluded', 'The authenticator was previously registered'),
      webauthnError(
        'webauthn_ceremony_failed',
        'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.',
      ),
      apiError('webauthn_verification_failed', 'This credential is already registered.', 401),
    ];
    for (const error of messages) {
      const { errors, user } = renderNewUser({ webauthnRegister: () => Promise.reject(error) });
      await user.click(button('Create a Passkey'));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
      );
      expect(errors).toEqual([error]);
      expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
      cleanup();
    }
  });

  it('says the passkey was not created for any other failure, and tries again', async () => {
    let attempt = 0;
    const { user } = renderNewUser({
      webauthnRegister: () =>
        ++attempt === 1
          ? Promise.reject(webauthnError('webauthn_not_allowed', 'The operation was not allowed.'))
          : Promise.resolve(PASSKEY_REGISTERED_RESULT),
    });
    await user.click(button('Create a Passkey'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
    );
    expect(document.activeElement).toBe(button('Create a Passkey'));
    await user.click(button('Create a Passkey'));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
  });

  it('skips to the list of existing passkeys without claiming one was created', async () => {
    const { client, events, user } = renderNewUser();
    await user.click(button('Skip'));
    expect(await screen.findByText('You have no Passkeys yet.')).toBeTruthy();
    expect(headings()).toEqual(['Existing Passkeys']);
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(events).toEqual([{ type: 'PASSKEY_SKIP', data: {} }]);
    expect(client.calls.webauthnRegister).toEqual([]);
    await user.click(button('Set up a new Passkey'));
    expect(headings()).toEqual(['Set up a new Passkey']);
  });
});

describe('<PasskeyRegistration>: titles follow the screen', () => {
  async function create(user: ReturnType<typeof userEvent.setup>) {
    await user.click(button('Create a Passkey'));
    await openList();
    expect(headings()).toEqual(['Passkey successfully created!', 'Existing Passkeys']);
  }

  it("'Done' after a new passkey turns the success title into the list's, and tells the host", async () => {
    const { events, user } = renderNewUser();
    await create(user);
    await user.click(button('Done'));
    expect(headings()).toEqual(['Existing Passkeys']);
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
    expect(events.map((e) => e.type)).toEqual(['PASSKEY_REGISTER', 'PASSKEY_DONE']);
    // The buttons stay: the list is the user's passkey settings now.
    expect(document.activeElement).toBe(button('Done'));
    await user.click(button('Set up another Passkey'));
    expect(headings()).toEqual(['Set up a new Passkey']);
  });

  it('a deletion after a new passkey titles the screen as the list', async () => {
    const { user } = renderNewUser();
    await create(user);
    await user.click(button('Delete Phone'));
    await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Delete' }));
    expect(headings()).toEqual(['Existing Passkeys']);
    expect(rowNames()).toEqual(['MacBook']);
  });

  it('a rename keeps the success title, so the list does not jump under the pointer', async () => {
    const { user } = renderNewUser();
    await create(user);
    await user.click(button('Rename Phone'));
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), ' 2{Enter}');
    expect(rowNames()).toEqual(['MacBook', 'Phone 2']);
    expect(headings()).toEqual(['Passkey successfully created!', 'Existing Passkeys']);
  });
});

describe('<PasskeyRegistration>: Success', () => {
  it("returns to Start with 'Set up another Passkey' and emits PASSKEY_DONE on 'Done'", async () => {
    const { events, user } = renderRegistration();
    await openList();
    await user.click(button('Done'));
    expect(events.at(-1)).toEqual({ type: 'PASSKEY_DONE', data: {} });
    await user.click(button('Set up another Passkey'));
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(events.map((e) => e.type)).toEqual(['PASSKEY_DONE']);
  });

  it('renames in place: Enter saves the trimmed name at once and focus returns to the pencil', async () => {
    const saved = deferred<unknown>();
    const { client, user } = renderRegistration({ webauthnUpdate: () => saved.promise });
    await openList();
    await user.click(button('Rename MacBook'));
    const input = screen.getByRole('textbox', { name: 'Passkey name' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('MacBook');
    expect(input.maxLength).toBe(100);
    // Spec §2: the other rows wait while one is edited.
    expect(button('Rename Phone').disabled).toBe(true);
    expect(button('Delete Phone').disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '  Work laptop  {Enter}');
    // Applied before the call answers (spec §4).
    expect(rowNames()).toEqual(['Work laptop', 'Phone']);
    expect(client.calls.webauthnUpdate).toEqual([
      { webauthnRegistrationId: 'webauthn-registration-test-1', name: 'Work laptop' },
    ]);
    expect(document.activeElement).toBe(button('Rename Work laptop'));
    expect(button('Rename Phone').disabled).toBe(false);
    saved.resolve({});
  });

  it('saves with the check button too, and Escape cancels without a call', async () => {
    const { client, user } = renderRegistration();
    await openList();
    await user.click(button('Rename Phone'));
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), ' 2{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
    expect(document.activeElement).toBe(button('Rename Phone'));
    await user.click(button('Rename Phone'));
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), ' 2');
    await user.click(button('Save'));
    expect(rowNames()).toEqual(['MacBook', 'Phone 2']);
    expect(client.calls.webauthnUpdate).toHaveLength(1);
  });

  it('keeps the new name and only logs when renaming fails', async () => {
    const error = apiError('webauthn_registration_not_found', 'Not found.', 404);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { errors, user } = renderRegistration({ webauthnUpdate: () => Promise.reject(error) });
      await openList();
      await user.click(button('Rename MacBook'));
      await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), ' Air{Enter}');
      await waitFor(() => expect(logged).toHaveBeenCalledWith('Latchkey: passkey_rename_failed', error));
      expect(rowNames()).toEqual(['MacBook Air', 'Phone']);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('asks before deleting: Cancel and Escape keep the passkey and return focus to the trash button', async () => {
    const { client, user } = renderRegistration();
    await openList();
    await user.click(button('Delete MacBook'));
    const confirm = screen.getByRole('group', { name: 'Once deleted, the passkey cannot be restored.' });
    expect(button('Delete MacBook').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(button('Rename Phone').disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(button('Delete MacBook'));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(button('Delete MacBook'));
    expect(rowNames()).toEqual(['MacBook', 'Phone']);
    expect(client.calls.deleteWebauthnRegistration).toEqual([]);
  });

  it('deletes at once on confirm, moves focus to the next row, and only logs a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { client, errors, user } = renderRegistration({
        deleteWebauthnRegistration: () => Promise.reject(apiError('x', 'Failed.', 500)),
      });
      await openList();
      await user.click(button('Delete MacBook'));
      await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Delete' }));
      expect(rowNames()).toEqual(['Phone']);
      expect(client.calls.deleteWebauthnRegistration).toEqual(['webauthn-registration-test-1']);
      expect(document.activeElement).toBe(button('Rename Phone'));
      await waitFor(() => expect(logged).toHaveBeenCalledOnce());
      expect(rowNames()).toEqual(['Phone']);
      expect(errors).toEqual([]);
      // The last one: focus goes to 'Done' and the list says there are none.
      await user.click(button('Delete Phone'));
      await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Delete' }));
      expect(screen.getByText('You have no Passkeys yet.')).toBeTruthy();
      expect(document.activeElement).toBe(button('Done'));
    } finally {
      logged.mockRestore();
    }
  });

  it('works from the keyboard alone', async () => {
    const { client, user } = renderRegistration();
    await openList();
    button('Rename MacBook').focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Control>}a{/Control}Studio{Enter}');
    expect(rowNames()).toEqual(['Studio', 'Phone']);
    await user.tab();
    expect(document.activeElement).toBe(button('Delete Studio'));
    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(button('Delete'));
    await user.keyboard('{Enter}');
    expect(rowNames()).toEqual(['Phone']);
    expect(client.calls.webauthnUpdate).toHaveLength(1);
    expect(client.calls.deleteWebauthnRegistration).toHaveLength(1);
  });
});
