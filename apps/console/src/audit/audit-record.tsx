/**
 * @module audit-record — one audit record in words: its title, when, who (by address or name),
 * to whom, from where, and what changed. Every id stays at hand: as the tooltip of the name it
 * stands behind, and together, with the stored action, under "Record ids".
 */
import type { AuditEvent } from '@latchkey/wire';
import { Fragment } from 'react';
import { actionTitle, detailLabel, detailValue } from './audit-labels.js';
import type { AuditNames } from './audit-names.js';

const ACTOR_KINDS: Record<AuditEvent['actor']['type'], string> = {
  operator: 'Operator',
  project: "The project's server",
  user: 'The user',
  system: 'Latchkey',
};

/** A name with its id as tooltip; the id itself when there is no name. */
function Named({ id, name }: { id: string; name: string | undefined }) {
  return name ? <span title={id}>{name}</span> : <span className="mono">{id}</span>;
}

export function AuditRecord({
  record,
  names,
  showProject,
}: {
  record: AuditEvent;
  names: AuditNames;
  showProject?: boolean | undefined;
}) {
  // The user is shown once, above, not again among the details.
  const details = Object.entries(record.details).filter(
    ([key, value]) => !(key === 'user_id' && value === record.user_id),
  );
  const { actor } = record;
  const title = actionTitle(record.action);
  return (
    <li className="audit-record">
      <div className="audit-head">
        <strong className="audit-title">{title}</strong>
        <time dateTime={record.occurred_at}>{new Date(record.occurred_at).toLocaleString()}</time>
      </div>
      <dl className="facts">
        <dt>By</dt>
        <dd>
          {actor.type === 'operator' && actor.id ? (
            <Named id={actor.id} name={names.operators[actor.id]} />
          ) : actor.type === 'user' && actor.id ? (
            <Named id={actor.id} name={names.users[actor.id]} />
          ) : (
            ACTOR_KINDS[actor.type]
          )}
        </dd>
        {showProject && (
          <>
            <dt>Project</dt>
            <dd>
              {record.project_id ? (
                <Named id={record.project_id} name={names.projects[record.project_id]} />
              ) : (
                'The deployment'
              )}
            </dd>
          </>
        )}
        {record.user_id && (
          <>
            <dt>User</dt>
            <dd>
              <Named id={record.user_id} name={names.users[record.user_id]} />
            </dd>
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
            <dt>{detailLabel(key)}</dt>
            <dd className={key.endsWith('_id') ? 'mono' : undefined}>{detailValue(key, value)}</dd>
          </Fragment>
        ))}
      </dl>
      {record.changes && (
        <details>
          <summary>What changed</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must take focus to be scrolled by keyboard. */}
          <pre className="json" tabIndex={0}>
            {JSON.stringify(record.changes, null, 2)}
          </pre>
        </details>
      )}
      <details className="audit-ids">
        <summary>Record ids</summary>
        <dl className="facts">
          <dt>Action</dt>
          <dd className="mono">{record.action}</dd>
          {actor.id && (
            <>
              <dt>{ACTOR_KINDS[actor.type]}</dt>
              <dd className="mono">{actor.id}</dd>
            </>
          )}
          {record.user_id && record.user_id !== actor.id && (
            <>
              <dt>User</dt>
              <dd className="mono">{record.user_id}</dd>
            </>
          )}
          <dt>Record</dt>
          <dd className="mono">{record.audit_event_id}</dd>
        </dl>
      </details>
    </li>
  );
}
