// The audit log names what happened and who did it in words (an operator by address, a user by
// address), with each id still at hand: the name's tooltip, and "Record ids" with the stored action.
import type { AuditEvent } from '@latchkey/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../auth/operator-context.js';
import { loadAuditNames } from './audit-names.js';
import { AuditRecord } from './audit-record.js';

afterEach(cleanup);

const record = (overrides: Partial<AuditEvent>): AuditEvent => ({
  audit_event_id: 'audit-1',
  project_id: 'project-1',
  occurred_at: '2026-11-27T10:00:00.000Z',
  action: 'user.deleted',
  actor: { type: 'operator', id: 'console-operator-7' },
  user_id: 'user-test-42',
  ip_address: '127.0.0.1',
  details: { user_id: 'user-test-42', session_id: 'session-test-9' },
  changes: null,
  ...overrides,
});

describe('AuditRecord', () => {
  it('shows the title, the operator and the user by address, with their ids kept', () => {
    render(
      <ol>
        <AuditRecord
          record={record({})}
          names={{
            operators: { 'console-operator-7': 'ops@example.com' },
            users: { 'user-test-42': 'ada@example.com' },
            projects: {},
          }}
        />
      </ol>,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('User deleted')).toBeTruthy();
    expect(within(item).getByText('ops@example.com').getAttribute('title')).toBe('console-operator-7');
    expect(within(item).getByText('ada@example.com').getAttribute('title')).toBe('user-test-42');
    // Detail keys in words; the raw key is not shown as a label.
    expect(within(item).getByText('Session')).toBeTruthy();
    expect(within(item).queryByText('session_id')).toBeNull();
    const ids = within(item).getByText('Record ids').closest('details') as HTMLElement;
    expect(ids.textContent).toContain('user.deleted');
    expect(ids.textContent).toContain('console-operator-7');
    expect(ids.textContent).toContain('user-test-42');
  });

  it('falls back to the id when no name is known (a deleted user)', () => {
    render(
      <ol>
        <AuditRecord
          record={record({ action: 'session.created' })}
          names={{ operators: {}, users: {}, projects: {} }}
        />
      </ol>,
    );
    expect(screen.getByText('Signed in')).toBeTruthy();
    expect(screen.getAllByText('user-test-42').length).toBeGreaterThan(0);
  });

  it('names the sign-in methods in words, not their wire values', () => {
    render(
      <ol>
        <AuditRecord
          record={record({
            action: 'session.created',
            details: {
              user_id: 'user-test-42',
              authentication_factors: ['magic_link', 'totp', 'future_thing'],
            },
          })}
          names={{ operators: {}, users: {}, projects: {} }}
        />
      </ol>,
    );
    const signedInWith = screen.getByText('Signed in with').nextElementSibling;
    expect(signedInWith?.textContent).toBe('Magic link, Authenticator app, future thing');
  });
});

describe('loadAuditNames', () => {
  it("reads operators, keys and projects once, and a page's users by one search per project", async () => {
    const api = vi.fn(async (method: string, path: string, body?: unknown, projectId?: string) => {
      if (path === '/v1/console_operators')
        return { operators: [{ operator_id: 'console-operator-7', email: 'ops@example.com' }] };
      if (path === '/v1/operator_keys') throw new Error('not allowed');
      if (path.startsWith('/v1/projects')) return { projects: [{ project_id: 'project-1', name: 'Shop' }] };
      expect([method, path, projectId]).toEqual(['POST', '/v1/users/search', 'project-1']);
      const ids = (body as { query: { operands: Array<{ filter_value: string[] }> } }).query.operands[0]
        ?.filter_value;
      expect(ids).toEqual(['user-test-42', 'user-test-43']);
      return {
        results: [{ user_id: 'user-test-42', emails: [{ email: 'ada@example.com' }], phone_numbers: [] }],
      };
    }) as unknown as ConsoleApi;
    const names = await loadAuditNames(api, [
      record({}),
      record({
        audit_event_id: 'audit-2',
        actor: { type: 'user', id: 'user-test-43' },
        user_id: 'user-test-43',
      }),
    ]);
    expect(names.operators['console-operator-7']).toBe('ops@example.com');
    expect(names.operators.env).toBe('The deployment’s operator key');
    expect(names.projects['project-1']).toBe('Shop');
    expect(names.users).toEqual({ 'user-test-42': 'ada@example.com' });
  });
});
