/** @module testing/after-password — the login widget signed in with a password, on to the second factor the answer asks for. */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { WidgetConfig } from '../config.js';
import { mfaPending } from './fake-client.js';
import { renderSignIn } from './render-sign-in.js';

/** A project with mfa_required: the password is right, and the answer carries only an intermediate token. */
export const MFA_CONFIG: WidgetConfig = {
  products: ['emailMagicLinks', 'passwords'],
  sessionOptions: { sessionDurationMinutes: 60 },
};

/** Signs in with a password whose answer asks for a second factor (`mfa`); ends on MFAAuthenticate. */
export async function afterPassword(
  mfa: Parameters<typeof mfaPending>[0],
  options: Parameters<typeof renderSignIn>[1] = {},
  heading = 'Enter your verification code',
): Promise<ReturnType<typeof renderSignIn>> {
  const rendered = renderSignIn(MFA_CONFIG, {
    search: async () => ({ userType: 'password' }),
    passwordAuthenticate: async () => mfaPending(mfa),
    ...options,
  });
  const { user } = rendered;
  await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
  await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
  expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  return rendered;
}
