/** @module audit-record — one audit record: when, what, who, to whom, from where, and what changed. */
import type { AuditEvent } from '@latchkey/wire';
import { Fragment } from 'react';

const ACTOR_NAMES: Record<AuditEvent['actor']['type'], string> = {
  operator: 'Operator',
  project: "The project's server",
  user: 'The user',
  system: 'Latchkey',
};

export function AuditRecord({
  record,
  showProject,
}: {
  record: AuditEvent;
  showProject?: boolean | undefined;
}) {
  // The user is shown once, above, not again among the details.
  const details = Object.entries(record.details).filter(
    ([key, value]) => !(key === 'user_id' && value === record.user_id),
  );
  return (
    <li className="audit-record">
      <div className="audit-head">
        <span className="badge">{record.action}</span>
        <time dateTime={record.occurred_at}>{new Date(record.occurred_at).toLocaleString()}</time>
      </div>
      <dl className="facts">
        <dt>By</dt>
        <dd>
          {ACTOR_NAMES[record.actor.type]}
          {record.actor.id && <span className="mono"> {record.actor.id}</span>}
        </dd>
        {showProject && (
          <>
            <dt>Project</dt>
            <dd className="mono">{record.project_id ?? 'The deployment'}</dd>
          </>
        )}
        {record.user_id && (
          <>
            <dt>User</dt>
            <dd className="mono">{record.user_id}</dd>
          </>
        )}
        {record.ip_address && (
          <>
            <dt>From</dt>
            <dd className="mono">{record.ip_address}</dd>
          </>
        )}
        {details.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </Fragment>
        ))}
      </dl>
      {record.changes && (
        <details>
          <summary>What changed</summary>
          <pre className="json">{JSON.stringify(record.changes, null, 2)}</pre>
        </details>
      )}
    </li>
  );
}
