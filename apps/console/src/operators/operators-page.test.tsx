// The invite link is shown once, after inviting; cancelling that invite takes the link away
// (it no longer works), while cancelling another invite leaves it.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../testing/as-operator.js';
import type { ConsoleOperatorSummary } from './operator-row.js';
import { OperatorsPage } from './operators-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (
  id: string,
  email: string,
  status: ConsoleOperatorSummary['status'],
): ConsoleOperatorSummary => ({
  operator_id: id,
  email,
  status,
  invite_expires_at: status === 'invited' ? '2026-12-04T00:00:00.000Z' : null,
  invited_by: 'op-me',
  created_at: '2026-11-27T00:00:00.000Z',
  accepted_at: status === 'active' ? '2026-11-27T00:00:00.000Z' : null,
  last_sign_in_at: null,
});

function renderOperators() {
  let operators = [
    person('op-me', 'me@example.com', 'active'),
    person('op-old', 'old@example.com', 'invited'),
  ];
  const calls = stubProvider(({ method, path, body }) => {
    if (method === 'POST') {
      const invited = person('op-new', (body as { email: string }).email, 'invited');
      operators = [...operators, invited];
      return { invite_url: 'http://localhost:4000/console/invite#token=secret-invite', operator: invited };
    }
    if (method === 'DELETE') {
      operators = operators.filter((o) => !path.endsWith(`/${o.operator_id}`));
      return {};
    }
    return { operators };
  });
  renderAsOperator('/operators', '/operators', <OperatorsPage />);
  return calls;
}

async function invite(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  await screen.findByText(
    `Send this link to ${email}. It works once, for 7 days, and will not be shown again.`,
  );
}

async function cancelInviteOf(user: ReturnType<typeof userEvent.setup>, email: string) {
  const card = (await screen.findByText(email)).closest('li') as HTMLElement;
  await user.click(within(card).getByRole('button', { name: 'Cancel invite' }));
  await user.click(within(card).getByRole('button', { name: 'Yes, cancel it' }));
  await screen.findByText(`The invite to ${email} no longer works.`);
}

describe('OperatorsPage', () => {
  it('takes the invite link away once that invite is cancelled', async () => {
    const user = userEvent.setup();
    renderOperators();
    await screen.findByText('old@example.com');
    await invite(user, 'new@example.com');
    expect(screen.getByText('Invite link')).toBeTruthy();

    await cancelInviteOf(user, 'new@example.com');
    expect(screen.queryByText(/Send this link to/)).toBeNull();
    expect(screen.queryByText('Invite link')).toBeNull();
  });

  it('keeps the link when another invite is cancelled', async () => {
    const user = userEvent.setup();
    renderOperators();
    await screen.findByText('old@example.com');
    await invite(user, 'new@example.com');
    await cancelInviteOf(user, 'old@example.com');
    expect(screen.getByText(/Send this link to new@example.com/)).toBeTruthy();
  });
});
