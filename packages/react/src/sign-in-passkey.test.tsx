import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetConfig } from './config.js';
import { deferred } from './testing/deferred.js';
import {
  apiError,
  type FakeClientOptions,
  PASSKEY_AUTHENTICATED_RESULT,
  webauthnError,
} from './testing/fake-client.js';
import { expectSignedIn, renderSignIn } from './testing/render-sign-in.js';
import type { WidgetWebAuthnAuthenticateOptions } from './widget-client.js';

afterEach(cleanup);

const CONFIG: WidgetConfig = {
  products: ['emailMagicLinks', 'passkeys'],
  sessionOptions: { sessionDurationMinutes: 45 },
};

const passkeyButton = () =>
  screen.getByRole('button', { name: 'Log in with a Passkey' }) as HTMLButtonElement;
const emailButton = () => screen.getByRole('button', { name: 'Continue with email' }) as HTMLButtonElement;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A modal ceremony that fails with `error` (conditional requests behave as by default). */
const modalFails =
  (error: unknown): FakeClientOptions['webauthnAuthenticate'] =>
  (options) =>
    options.conditionalMediation ? new Promise(() => {}) : Promise.reject(error);

describe('<SignIn> with passkeys: the button', () => {
  it("offers 'Log in with a Passkey' after the email form, with a decorative icon", () => {
    renderSignIn(CONFIG);
    const button = passkeyButton();
    expect(button.className).toContain('lk-button--secondary');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('or')).toBeTruthy();
    expect(emailButton().compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('signs in, shows the passkey confirmation and tells the host', async () => {
    const { client, events, user } = renderSignIn(CONFIG);
    await user.click(passkeyButton());
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(screen.getByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(client.calls.webauthnAuthenticate).toEqual([{ sessionDurationMinutes: 45 }]);
    expectSignedIn(
      { client, events },
      'passkey',
      [{ type: 'PASSKEY_AUTHENTICATE', data: PASSKEY_AUTHENTICATED_RESULT }],
      PASSKEY_AUTHENTICATED_RESULT,
    );
  });

  it('shows it is busy on the passkey button only, with the spinner in place of the icon', async () => {
    const ceremony = deferred<unknown>();
    const { user } = renderSignIn(CONFIG, { webauthnAuthenticate: () => ceremony.promise });
    await user.click(passkeyButton());
    const button = passkeyButton();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(button.querySelectorAll('svg, .lk-spinner')).toHaveLength(1);
    expect(button.querySelector('.lk-spinner')).toBeTruthy();
    expect(emailButton().disabled).toBe(true);
    expect(emailButton().getAttribute('aria-busy')).toBeNull();
    ceremony.resolve(PASSKEY_AUTHENTICATED_RESULT);
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
  });

  it('says a passkey is not registered, under the button, and reports the error', async () => {
    const error = apiError('webauthn_registration_not_found', 'Registration not found.', 404);
    const { errors, user } = renderSignIn(CONFIG, { webauthnAuthenticate: modalFails(error) });
    await user.click(passkeyButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This Passkey is not registered for your account. Try another way to log in.',
    );
    expect(passkeyButton().compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(errors).toEqual([error]);
    expect(passkeyButton().disabled).toBe(false);
    // The email field keeps no error of its own.
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('answers a cancelled or timed-out prompt calmly, and keeps focus on the button', async () => {
    const error = webauthnError('webauthn_not_allowed', 'The operation either timed out or was not allowed.');
    const { errors, user } = renderSignIn(CONFIG, { webauthnAuthenticate: modalFails(error) });
    await user.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Passkey sign-in was cancelled. Try again or use another way to log in.',
    );
    expect(errors).toEqual([error]);
    expect(document.activeElement).toBe(passkeyButton());
  });

  it('says nothing when the ceremony was aborted', async () => {
    const error = webauthnError('webauthn_aborted');
    const { errors, user } = renderSignIn(CONFIG, { webauthnAuthenticate: modalFails(error) });
    await user.click(passkeyButton());
    await waitFor(() => expect(passkeyButton().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).toEqual([]);
  });

  it("shows the provider's message for other errors, and a plain text for browser failures", async () => {
    let next: unknown = apiError('webauthn_verification_failed', 'The passkey could not be verified.', 401);
    const { errors, user } = renderSignIn(CONFIG, {
      webauthnAuthenticate: (options) =>
        options.conditionalMediation ? new Promise(() => {}) : Promise.reject(next),
    });
    await user.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey could not be verified.');
    next = webauthnError('webauthn_ceremony_failed', 'SecurityError: The RP ID is invalid for this domain');
    await user.click(passkeyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your Passkey could not be used. Try again or use another way to log in.',
      ),
    );
    expect(errors).toHaveLength(2);
  });

  it('clears the passkey error when the email form is used', async () => {
    const { user } = renderSignIn(CONFIG, {
      webauthnAuthenticate: modalFails(webauthnError('webauthn_not_allowed')),
    });
    await user.click(passkeyButton());
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(emailButton());
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
  });

  it('shows only the passkey button when passkeys are the only product', () => {
    renderSignIn({ products: ['passkeys'] });
    expect(passkeyButton()).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText('This step of the sign-in form is not available yet.')).toBeNull();
  });

  it('leaves Main as it was without passkeys', () => {
    const { client } = renderSignIn({ products: ['emailMagicLinks'] });
    expect(screen.queryByRole('button', { name: 'Log in with a Passkey' })).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(client.calls.browserSupportsAutofill).toBe(0);
  });
});

describe('<SignIn> with passkeys: autofill (conditional UI)', () => {
  const conditionalCalls = (calls: WidgetWebAuthnAuthenticateOptions[]) =>
    calls.filter((call) => call.conditionalMediation);

  it('marks the email field for passkey autofill and starts one request where supported', async () => {
    const { client } = renderSignIn(CONFIG, { supportsAutofill: true });
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    const [call] = client.calls.webauthnAuthenticate;
    expect(call).toMatchObject({ sessionDurationMinutes: 45, conditionalMediation: true });
    expect(call?.signal?.aborted).toBe(false);
  });

  it('starts nothing where the browser has no passkey autofill', async () => {
    const { client } = renderSignIn(CONFIG, { supportsAutofill: false });
    await waitFor(() => expect(client.calls.browserSupportsAutofill).toBe(1));
    await settle();
    expect(client.calls.webauthnAuthenticate).toEqual([]);
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
  });

  it('signs in like the button when a passkey is picked from the suggestions', async () => {
    const picked = deferred<unknown>();
    const { events } = renderSignIn(CONFIG, {
      supportsAutofill: true,
      webauthnAuthenticate: () => picked.promise,
    });
    await settle();
    picked.resolve(PASSKEY_AUTHENTICATED_RESULT);
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(events.map((e) => e.type)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('aborts the request when Main unmounts', async () => {
    const { client, unmount } = renderSignIn(CONFIG, { supportsAutofill: true });
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    unmount();
    expect(client.calls.webauthnAuthenticate[0]?.signal?.aborted).toBe(true);
  });

  it('aborts the request as soon as the email form is submitted, silently', async () => {
    const sending = deferred<unknown>();
    const { client, errors, user } = renderSignIn(CONFIG, {
      supportsAutofill: true,
      loginOrCreate: () => sending.promise,
    });
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    // Still on Main, the magic link still on its way: the autofill request is already gone.
    expect(emailButton().getAttribute('aria-busy')).toBe('true');
    expect(client.calls.webauthnAuthenticate[0]?.signal?.aborted).toBe(true);
    sending.resolve({});
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('frees the browser before the button starts its own prompt, and waits again after it', async () => {
    const modal = deferred<unknown>();
    let autofillAbortedFirst: boolean | undefined;
    const { client, user } = renderSignIn(CONFIG, {
      supportsAutofill: true,
      webauthnAuthenticate: (options) => {
        if (!options.conditionalMediation) {
          autofillAbortedFirst = client.calls.webauthnAuthenticate[0]?.signal?.aborted;
          return modal.promise;
        }
        return new Promise((_resolve, reject) =>
          options.signal?.addEventListener('abort', () => reject(webauthnError('webauthn_aborted'))),
        );
      },
    });
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await user.click(passkeyButton());
    expect(client.calls.webauthnAuthenticate.map((c) => c.conditionalMediation === true)).toEqual([
      true,
      false,
    ]);
    expect(autofillAbortedFirst).toBe(true);
    modal.reject(webauthnError('webauthn_not_allowed'));
    expect((await screen.findByRole('alert')).textContent).toContain('Passkey sign-in was cancelled.');
    // Idle on Main again: one new autofill request, so the suggestions work again.
    await waitFor(() => expect(conditionalCalls(client.calls.webauthnAuthenticate)).toHaveLength(2));
    expect(client.calls.webauthnAuthenticate[2]?.signal?.aborted).toBe(false);
  });

  it('shows an error from a picked passkey, and does not start again by itself', async () => {
    const error = apiError('webauthn_registration_not_found', 'Not found.', 404);
    const { client, errors } = renderSignIn(CONFIG, {
      supportsAutofill: true,
      webauthnAuthenticate: () => Promise.reject(error),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This Passkey is not registered for your account. Try another way to log in.',
    );
    expect(errors).toEqual([error]);
    await settle();
    await settle();
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
  });

  it('runs only while the email tab shows the field', async () => {
    const { client, user } = renderSignIn(
      { products: ['emailMagicLinks', 'otp', 'passkeys'], otpOptions: { methods: ['sms'] } },
      { supportsAutofill: true },
    );
    await settle();
    expect(client.calls.webauthnAuthenticate).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    expect(client.calls.webauthnAuthenticate[0]?.signal?.aborted).toBe(true);
    expect(passkeyButton()).toBeTruthy();
  });
});
