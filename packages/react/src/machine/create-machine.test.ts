import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.js';
import type { WidgetEvent } from '../config.js';
import { AUTHENTICATED, apiError, createFakeClient, passkey } from '../testing/fake-client.js';
import { createMachine } from './create-machine.js';
import type { EffectContext } from './effects.js';
import { initialState } from './state.js';

function setup(
  client = createFakeClient(),
  mode: 'login' | 'resetPassword' | 'passkeyRegistration' = 'login',
) {
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  const ctx: EffectContext = {
    client,
    config: { products: ['emailMagicLinks'] },
    callbacks: { onEvent: (e) => events.push(e), onError: (e) => errors.push(e) },
    clock: systemClock,
  };
  return { client, events, errors, ctx, mode };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createMachine', () => {
  it('starts a command effect only when an event turns busy on', async () => {
    const { client, ctx } = setup();
    const machine = createMachine(initialState({ name: 'Main' }), 'login', () => ctx);
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'bad' });
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'ada@example.com' });
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'ada@example.com' }); // ignored: already busy
    await settle();
    expect(client.calls.loginOrCreate.map((c) => c.email)).toEqual(['ada@example.com']);
    expect(machine.getState().screen).toEqual({ name: 'EmailConfirmation', email: 'ada@example.com' });
  });

  it('runs the mount effect and the first screen effect once, however often start() is called', async () => {
    const { client, ctx, events } = setup();
    const screen = { name: 'PasswordResetForm' as const, token: 'tok', tokenType: 'login' };
    const machine = createMachine(initialState(screen, true), 'resetPassword', () => ctx);
    machine.start();
    machine.start();
    await settle();
    expect(client.calls.authenticate).toHaveLength(1);
    expect(machine.getState().screen).toEqual({ name: 'PasswordConfirmation', result: AUTHENTICATED });
    expect(events).toEqual([{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: AUTHENTICATED }]);
  });

  it('emits AUTHENTICATE_FLOW_COMPLETE on entering each confirmation screen', () => {
    for (const name of [
      'OTPConfirmation',
      'CryptoConfirmation',
      'PasskeyConfirmation',
      'PasswordConfirmation',
    ] as const) {
      const { ctx, events } = setup();
      createMachine(initialState({ name, result: { n: name } }), 'login', () => ctx).start();
      expect(events).toContainEqual({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { n: name } });
    }
  });

  it('logs render_login_screen in login mode only', () => {
    const login = setup();
    createMachine(initialState({ name: 'Main' }), 'login', () => login.ctx).start();
    expect(login.client.telemetryEvents).toEqual([
      { name: 'render_login_screen', details: { options: { products: ['emailMagicLinks'] } } },
    ]);
    const reset = setup();
    createMachine(initialState({ name: 'Main' }), 'resetPassword', () => reset.ctx).start();
    expect(reset.client.telemetryEvents).toEqual([]);
  });

  it('turns a failed call into REQUEST_FAILED data and reports the error once', async () => {
    const error = apiError('invalid_email', 'Not allowed.');
    const { ctx, errors } = setup(createFakeClient({ loginOrCreate: () => Promise.reject(error) }));
    const machine = createMachine(initialState({ name: 'Main' }), 'login', () => ctx);
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'ada@example.com' });
    await settle();
    expect(machine.getState()).toMatchObject({
      busy: false,
      error: { code: 'invalid_email', message: 'Not allowed.' },
    });
    expect(errors).toEqual([error]);
  });

  it('keeps working when a host callback throws', async () => {
    const { ctx, client } = setup();
    ctx.callbacks = {
      onEvent: () => {
        throw new Error('host bug');
      },
    };
    const original = console.error;
    console.error = () => {};
    try {
      const machine = createMachine(initialState({ name: 'Main' }), 'login', () => ctx);
      machine.send({ type: 'EMAIL_SUBMITTED', email: 'ada@example.com' });
      await settle();
      expect(machine.getState().screen.name).toBe('EmailConfirmation');
      expect(client.calls.loginOrCreate).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });

  it('notifies subscribers on every change and never on an ignored event', () => {
    const { ctx } = setup();
    const machine = createMachine(initialState({ name: 'Main' }), 'login', () => ctx);
    let calls = 0;
    const unsubscribe = machine.subscribe(() => calls++);
    machine.send({ type: 'BACK' });
    expect(calls).toBe(0);
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'x' });
    expect(calls).toBe(1);
    unsubscribe();
    machine.send({ type: 'EMAIL_SUBMITTED', email: 'y' });
    expect(calls).toBe(1);
  });
});

describe('createMachine, passkey list effects', () => {
  const USER = { user_id: 'user-test-1', emails: [], webauthn_registrations: [passkey(1), passkey(2)] };
  const start = { name: 'PasskeyRegistrationStart' } as const;

  it('emits PASSKEY_SKIP on Skip and fetches the list on entering the success screen', async () => {
    const { client, ctx, events } = setup(createFakeClient({ user: USER }), 'passkeyRegistration');
    const machine = createMachine(initialState(start), 'passkeyRegistration', () => ctx);
    machine.start();
    machine.send({ type: 'PASSKEY_SKIPPED' });
    expect(events).toEqual([{ type: 'PASSKEY_SKIP', data: {} }]);
    expect(machine.getState().screen).toEqual({
      name: 'PasskeyRegistrationSuccess',
      created: false,
      registrations: null,
    });
    await settle();
    expect(client.calls.userGet).toBe(1);
    expect(machine.getState().screen).toMatchObject({ registrations: USER.webauthn_registrations });
    machine.send({ type: 'PASSKEY_DONE' });
    machine.send({ type: 'PASSKEY_DONE' });
    expect(events.slice(1)).toEqual([
      { type: 'PASSKEY_DONE', data: {} },
      { type: 'PASSKEY_DONE', data: {} },
    ]);
  });

  it('falls back to the user the client holds when the fetch fails, and only logs it', async () => {
    const client = createFakeClient({
      user: USER,
      userGet: () => Promise.reject(apiError('x', 'Down.', 503)),
    });
    const { ctx, errors } = setup(client, 'passkeyRegistration');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const machine = createMachine(initialState(start), 'passkeyRegistration', () => ctx);
      machine.send({ type: 'PASSKEY_SKIPPED' });
      await settle();
      expect(machine.getState().screen).toMatchObject({ registrations: USER.webauthn_registrations });
      expect(logged).toHaveBeenCalledOnce();
      expect(errors).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('renames and deletes at once, calls the client, and only logs a failure (spec §4)', async () => {
    const failure = apiError('webauthn_registration_not_found', 'Not found.', 404);
    const client = createFakeClient({
      user: USER,
      webauthnUpdate: () => Promise.reject(failure),
      deleteWebauthnRegistration: () => Promise.reject(failure),
    });
    const { ctx, errors } = setup(client, 'passkeyRegistration');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const screen = {
        name: 'PasskeyRegistrationSuccess',
        created: true,
        registrations: [passkey(1)],
      } as const;
      const machine = createMachine(initialState(screen), 'passkeyRegistration', () => ctx);
      const id = 'webauthn-registration-test-1';
      machine.send({ type: 'PASSKEY_RENAMED', webauthnRegistrationId: id, name: 'Passkey 1' }); // unchanged
      machine.send({ type: 'PASSKEY_RENAMED', webauthnRegistrationId: id, name: ' Laptop ' });
      expect(machine.getState().screen).toMatchObject({ registrations: [{ name: 'Laptop' }] });
      await settle();
      expect(client.calls.webauthnUpdate).toEqual([{ webauthnRegistrationId: id, name: 'Laptop' }]);
      machine.send({ type: 'PASSKEY_DELETED', webauthnRegistrationId: id });
      expect(machine.getState().screen).toMatchObject({ registrations: [] });
      await settle();
      expect(client.calls.deleteWebauthnRegistration).toEqual([id]);
      // Not rolled back, not shown, not sent to onError: logged to the console and to telemetry.
      expect(machine.getState()).toMatchObject({ error: null, screen: { registrations: [] } });
      expect(errors).toEqual([]);
      expect(logged).toHaveBeenCalledTimes(2);
      expect(client.telemetryEvents.map((e) => [e.name, e.details, e.error])).toEqual([
        ['passkey_rename_failed', { webauthn_registration_id: id }, failure],
        ['passkey_delete_failed', { webauthn_registration_id: id }, failure],
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
