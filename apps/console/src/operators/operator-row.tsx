/** @module operator-row — one operator or pending invite, with its dates and a remove button that asks first. */
import { useState } from 'react';

/** What GET /v1/console_operators lists. */
export interface ConsoleOperatorSummary {
  operator_id: string;
  email: string;
  status: 'invited' | 'active';
  invite_expires_at: string | null;
  invited_by: string;
  created_at: string;
  accepted_at: string | null;
  last_sign_in_at: string | null;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

export function OperatorRow(props: {
  operator: ConsoleOperatorSummary;
  isMe: boolean;
  onRemove(operator: ConsoleOperatorSummary): Promise<void>;
}) {
  const o = props.operator;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <li className="card operator-card">
      <div className="operator-head">
        <strong>{o.email}</strong>
        {props.isMe && <span className="badge">You</span>}
        <span className={o.status === 'active' ? 'badge ok' : 'badge'}>
          {o.status === 'active' ? 'Active' : 'Invited'}
        </span>
      </div>
      <dl className="facts">
        {o.status === 'active' ? (
          <>
            <dt>Last sign-in</dt>
            <dd>{when(o.last_sign_in_at)}</dd>
            <dt>Joined</dt>
            <dd>{when(o.accepted_at)}</dd>
          </>
        ) : (
          <>
            <dt>Invited</dt>
            <dd>{when(o.created_at)}</dd>
            <dt>Invite expires</dt>
            <dd>{when(o.invite_expires_at)}</dd>
          </>
        )}
      </dl>
      {!props.isMe && !confirming && (
        <button type="button" className="button danger small" onClick={() => setConfirming(true)}>
          {o.status === 'active' ? 'Remove' : 'Cancel invite'}
        </button>
      )}
      {confirming && (
        <fieldset className="actions confirm">
          <legend>
            {o.status === 'active'
              ? `Remove ${o.email} from the console?`
              : `Cancel the invite to ${o.email}?`}
          </legend>
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            // biome-ignore lint/a11y/noAutofocus: the confirmation replaces the button that had focus.
            autoFocus
            onClick={async () => {
              setBusy(true);
              await props.onRemove(o);
              setBusy(false);
              setConfirming(false);
            }}
          >
            {busy ? 'Removing…' : o.status === 'active' ? 'Yes, remove' : 'Yes, cancel it'}
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Keep
          </button>
        </fieldset>
      )}
    </li>
  );
}
