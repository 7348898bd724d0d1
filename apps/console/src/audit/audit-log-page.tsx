/**
 * @module audit-log-page — the audit log, newest first, with filters (action, actor, time range)
 * and cursor pages that live in the URL, so a filtered view can be shared and reloaded. Two
 * addresses: /console/projects/:projectId/audit (one project's log) and /console/audit (every
 * operator's changes across the deployment, and the deployment's own records).
 */
import type { AuditEventsListResult } from '@latchkey/wire';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import '../insights.css';
import { useOperator } from '../auth/operator-context.js';
import { PageHeading } from '../components/page-heading.js';
import { EmptyState, ErrorState, Loading } from '../components/status.js';
import { useResource } from '../lib/use-resource.js';
import { AuditFilterForm } from './audit-filter-form.js';
import { loadAuditNames } from './audit-names.js';
import { apiQueryOf, filtersFrom, searchOf } from './audit-query.js';
import { AuditRecord } from './audit-record.js';

export function ProjectAuditLogPage() {
  const { projectId = '' } = useParams();
  return (
    <AuditLog
      title="Audit log"
      intro="Every change to this project's users, sessions and settings, and who made it."
      path={`/v1/projects/${encodeURIComponent(projectId)}/audit_events`}
    />
  );
}

export function OperatorAuditLogPage() {
  return (
    <AuditLog
      title="Operator audit log"
      intro="Every change an operator made, across all projects, and the deployment's own: operator keys and console operators."
      path="/v1/audit_events/operator"
      showProject
    />
  );
}

function AuditLog(props: { title: string; intro: string; path: string; showProject?: boolean }) {
  const { api } = useOperator();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const cursor = params.get('cursor');
  const query = apiQueryOf(filters, cursor);
  // The page and the names of the ids on it arrive together, so no record changes under the reader.
  const page = useResource(`audit:${props.path}?${query}`, async () => {
    const answer = await api<AuditEventsListResult>('GET', `${props.path}?${query}`);
    return { ...answer, names: await loadAuditNames(api, answer.audit_events) };
  });
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (page.state === 'ready')
      setAnnounced(
        `${page.data.audit_events.length} record${page.data.audit_events.length === 1 ? '' : 's'} shown.`,
      );
  }, [page]);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageHeading intro={props.intro}>{props.title}</PageHeading>
      <AuditFilterForm
        key={params.toString()}
        initial={filters}
        onApply={(next) => setParams(searchOf(next))}
      />
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {page.state === 'loading' && <Loading label="Loading the audit log…" />}
      {page.state === 'error' && <ErrorState error={page.error} retry={page.retry} />}
      {page.state === 'ready' && page.data.audit_events.length === 0 && (
        <EmptyState title={filtered ? 'No record matches these filters' : 'Nothing recorded yet'}>
          <p>
            {filtered
              ? 'Widen the time range or clear a filter.'
              : 'Changes appear here as soon as they are made.'}
          </p>
        </EmptyState>
      )}
      {page.state === 'ready' && page.data.audit_events.length > 0 && (
        <ol className="audit-list" aria-label="Records, newest first">
          {page.data.audit_events.map((record) => (
            <AuditRecord
              key={record.audit_event_id}
              record={record}
              names={page.data.names}
              showProject={props.showProject}
            />
          ))}
        </ol>
      )}
      {page.state === 'ready' && (
        <nav className="pager" aria-label="Pages">
          {cursor && <Link to={`?${searchOf(filters).toString()}`}>Newest records</Link>}
          {page.data.results_metadata.next_cursor && (
            <Link to={`?${searchOf(filters, page.data.results_metadata.next_cursor).toString()}`}>
              Older records
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
