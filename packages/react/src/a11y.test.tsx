import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ResetPassword } from './reset-password.js';
import { SignIn } from './sign-in.js';
import { apiError, createFakeClient } from './testing/fake-client.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

// jsdom has no layout or canvas, so colour contrast is left to the Chromium end-to-end checks.
const OPTIONS: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

async function violations(container: Element): Promise<string[]> {
  const results = await axe.run(container, OPTIONS);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core)', () => {
  it('the harness does report a violation (an unlabelled input)', async () => {
    const { container } = render(<input type="email" />);
    expect((await violations(container)).join()).toContain('label');
  });

  it('Main has no violations, also with a field error shown', async () => {
    const client = createFakeClient();
    const { container } = render(<SignIn client={client} config={{}} />);
    expect(await violations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  });

  it('EmailConfirmation has no violations, also with the toast and an error', async () => {
    let fail = false;
    const client = createFakeClient({
      loginOrCreate: () => (fail ? Promise.reject(apiError('x', 'Try later.')) : Promise.resolve({})),
    });
    const user = userEvent.setup();
    const { container } = render(<SignIn client={client} config={{}} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    await screen.findByText('Email resent');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    await screen.findByRole('alert');
    expect(await violations(container)).toEqual([]);
  });

  it('the Confirmation screen has no violations', async () => {
    window.history.replaceState(null, '', '/?stytch_token_type=login&token=t');
    const { container } = render(<ResetPassword client={createFakeClient()} config={{}} />);
    await screen.findByRole('heading', { name: 'Success!' });
    expect(await violations(container)).toEqual([]);
  });
});
