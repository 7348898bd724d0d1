/**
 * @module user-page — /console/projects/:projectId/users/:userId: one user as the project's server
 * API sees them — status and password lock, sign-in methods, metadata to edit, live sessions to
 * revoke, recent events — and deleting them, which asks for the address typed and, from a console
 * session, a fresh factor (step-up).
 */
import type { ServerUser } from '@latchkey/wire';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConsoleApiError } from '../../api/console-api.js';
import { useOperator } from '../../auth/operator-context.js';
import { StepUpCancelled, useStepUp } from '../../auth/step-up.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageHeading } from '../../components/page-heading.js';
import { EmptyState, ErrorState, LoadingPage } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';
import { MetadataEditor } from './metadata-editor.js';
import { UserEvents } from './user-events.js';
import { UserFactors } from './user-factors.js';
import { UserSessions } from './user-sessions.js';
import { fullName, userLabel } from './users-table.js';
import './users.css';

export function UserPage() {
  const { projectId = '', userId = '' } = useParams();
  const { api } = useOperator();
  const stepUp = useStepUp();
  const navigate = useNavigate();
  const path = `/v1/users/${encodeURIComponent(userId)}`;
  const user = useResource(`user:${projectId}:${userId}`, () =>
    api<ServerUser>('GET', path, undefined, projectId),
  );
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const back = (
    <Link className="back-link" to={`/projects/${projectId}/users`}>
      ← All users
    </Link>
  );

  if (user.state === 'loading') return <LoadingPage title="User" label="Loading the user…" />;
  if (user.state === 'error') {
    if (user.error instanceof ConsoleApiError && user.error.errorType === 'user_not_found') {
      return (
        <>
          {back}
          <PageHeading>User not found</PageHeading>
          <EmptyState title="No such user in this project">
            <p>They may have been deleted. Search the project’s users instead.</p>
          </EmptyState>
        </>
      );
    }
    return <ErrorState asPage error={user.error} retry={user.retry} title="The user could not be loaded" />;
  }
  const u = user.data;
  const label = userLabel(u);
  const saveMetadata =
    (field: 'trusted_metadata' | 'untrusted_metadata') => async (patch: Record<string, unknown>) => {
      const answer = await api<{ user: ServerUser }>('PUT', path, { [field]: patch }, projectId);
      user.replace(answer.user);
    };

  return (
    <>
      {back}
      <PageHeading intro={fullName(u) || undefined}>{label}</PageHeading>
      <section className="panel" aria-labelledby="overview-title">
        <h2 id="overview-title">Overview</h2>
        <dl className="facts">
          <dt>User ID</dt>
          <dd className="mono">{u.user_id}</dd>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${u.status === 'active' ? 'live' : ''}`}>{u.status}</span>
          </dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={u.created_at}>{new Date(u.created_at).toLocaleString()}</time>
          </dd>
          {u.external_id && (
            <>
              <dt>External ID</dt>
              <dd className="mono">{u.external_id}</dd>
            </>
          )}
          <dt>Password</dt>
          <dd>{u.password ? (u.password.requires_reset ? 'Set; must be reset' : 'Set') : 'None'}</dd>
          <dt>Password sign-in</dt>
          <dd>
            {u.is_locked ? (
              <>
                <span className="badge">locked</span> since{' '}
                {u.lock_created_at && (
                  <time dateTime={u.lock_created_at}>{new Date(u.lock_created_at).toLocaleString()}</time>
                )}
                ; it unlocks when the user proves an address (a password reset or an email code).
              </>
            ) : (
              'Not locked'
            )}
          </dd>
          {u.roles.length > 0 && (
            <>
              <dt>Roles</dt>
              <dd>{u.roles.join(', ')}</dd>
            </>
          )}
        </dl>
      </section>
      <UserFactors user={u} />
      <section className="panel" aria-labelledby="metadata-title">
        <h2 id="metadata-title">Metadata</h2>
        <MetadataEditor
          label="Trusted metadata"
          hint="Set by your back end only; the user cannot change it. A key set to null is removed."
          stored={u.trusted_metadata}
          save={saveMetadata('trusted_metadata')}
        />
        <MetadataEditor
          label="Untrusted metadata"
          hint="The user’s own pages may change it: never trust it for access decisions."
          stored={u.untrusted_metadata}
          save={saveMetadata('untrusted_metadata')}
        />
      </section>
      <UserSessions projectId={projectId} userId={u.user_id} />
      <UserEvents projectId={projectId} userId={u.user_id} />
      <section className="panel danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete this user</h2>
        <p>
          Erases the user and everything of theirs — addresses, passkeys, sessions, metadata — at once. It
          cannot be undone.
        </p>
        <button type="button" className="button danger" onClick={() => setDeleting(true)}>
          Delete user
        </button>
      </section>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${label}?`}
          confirmLabel="Delete user"
          typeToConfirm={label}
          busy={busy}
          problem={problem}
          onCancel={() => {
            setDeleting(false);
            setProblem(null);
          }}
          onConfirm={async () => {
            setBusy(true);
            setProblem(null);
            try {
              await stepUp(() => api('DELETE', path, undefined, projectId));
              navigate(`/projects/${projectId}/users`, { state: { deleted: label } });
            } catch (error) {
              setProblem(
                error instanceof StepUpCancelled
                  ? 'Cancelled: nothing was deleted.'
                  : (error as Error).message,
              );
              setBusy(false);
            }
          }}
        >
          <p>Their sessions end at once and they are gone from every search. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
