/**
 * @module user-sessions — a user's live sessions (the device as its user agent names it, the address
 * it came from, how it signed in, when it started, was last used and ends), each revocable, or all
 * at once; either asks first. A revoked session's next request is refused at once (docs:
 * server-side revocation).
 */
import type { Session } from '@latchkey/wire';
import { useState } from 'react';
import { useOperator } from '../../auth/operator-context.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { ErrorState, Loading } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';
import { deviceLabel, factorLabel } from './session-labels.js';

type Revoking = { kind: 'one'; session: Session } | { kind: 'all' };

const time = (at: string) => <time dateTime={at}>{new Date(at).toLocaleString()}</time>;

export function UserSessions({ projectId, userId }: { projectId: string; userId: string }) {
  const { api } = useOperator();
  const sessions = useResource(`user-sessions:${projectId}:${userId}`, () =>
    api<{ sessions: Session[] }>(
      'GET',
      `/v1/sessions?user_id=${encodeURIComponent(userId)}`,
      undefined,
      projectId,
    ),
  );
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const revoke = async (target: Revoking) => {
    setBusy(true);
    setProblem(null);
    try {
      if (target.kind === 'one') {
        await api('POST', '/v1/sessions/revoke', { session_id: target.session.session_id }, projectId);
        setNotice('The session was revoked.');
      } else {
        const { revoked_session_ids } = await api<{ revoked_session_ids: string[] }>(
          'POST',
          '/v1/sessions/revoke_all',
          { user_id: userId },
          projectId,
        );
        setNotice(
          `${revoked_session_ids.length} session${revoked_session_ids.length === 1 ? '' : 's'} revoked.`,
        );
      }
      setRevoking(null);
      sessions.reload();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="sessions-title">
      <div className="panel-head">
        <h2 id="sessions-title">Live sessions</h2>
        {sessions.state === 'ready' && sessions.data.sessions.length > 0 && (
          <button type="button" className="button danger small" onClick={() => setRevoking({ kind: 'all' })}>
            Revoke all sessions
          </button>
        )}
      </div>
      <p className="ok" role="status">
        {notice}
      </p>
      {sessions.state === 'loading' && <Loading label="Loading sessions…" />}
      {sessions.state === 'error' && (
        <ErrorState error={sessions.error} retry={sessions.retry} title="The sessions could not be loaded" />
      )}
      {sessions.state === 'ready' &&
        (sessions.data.sessions.length === 0 ? (
          <p className="hint">No live session: the user is signed out everywhere.</p>
        ) : (
          <ul className="factor-list" aria-labelledby="sessions-title">
            {sessions.data.sessions.map((session) => (
              <li key={session.session_id}>
                <div className="panel-head">
                  <span>
                    <strong>{deviceLabel(session.attributes.user_agent) ?? 'Unknown device'}</strong>
                    {' · '}
                    {session.attributes.ip_address || 'unknown address'}
                    {' · '}
                    {session.authentication_factors.map(factorLabel).join(' + ')}
                  </span>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={`Revoke the session from ${session.attributes.ip_address || 'an unknown address'} started ${new Date(session.started_at).toLocaleString()}`}
                    onClick={() => setRevoking({ kind: 'one', session })}
                  >
                    Revoke
                  </button>
                </div>
                {session.attributes.user_agent && (
                  <span className="user-agent">{session.attributes.user_agent}</span>
                )}
                <span className="hint">
                  Started {time(session.started_at)}; last used {time(session.last_accessed_at)}; ends{' '}
                  {time(session.expires_at)}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {revoking && (
        <ConfirmDialog
          title={revoking.kind === 'all' ? 'Revoke every session?' : 'Revoke this session?'}
          confirmLabel={revoking.kind === 'all' ? 'Revoke all sessions' : 'Revoke session'}
          busy={busy}
          problem={problem}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => {
            setRevoking(null);
            setProblem(null);
          }}
        >
          <p>
            {revoking.kind === 'all'
              ? 'The user is signed out on every device at once; they can sign in again.'
              : `The device at ${revoking.session.attributes.ip_address || 'an unknown address'} is signed out at once; the user can sign in again.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
