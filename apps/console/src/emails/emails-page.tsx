/**
 * @module emails-page — /console/projects/:projectId/emails?email=kind: every email the project
 * sends, as it arrives (From, To, Subject, the HTML and the text part), rendered by the provider's
 * own templates with sample values. The HTML runs in a frame with `sandbox=""`: no script, no
 * form, no navigation, an opaque origin — a template can never act as the console.
 */
import type { EmailPreview, EmailPreviewsResult } from '@latchkey/wire';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import '../insights.css';
import { useOperator } from '../auth/operator-context.js';
import { followCurrentLink, revealLink } from '../components/current-link.js';
import { PageHeading } from '../components/page-heading.js';
import { EmptyState, ErrorState, Loading } from '../components/status.js';
import { useResource } from '../lib/use-resource.js';

export function EmailsPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const [params] = useSearchParams();
  const previews = useResource(`emails:${projectId}`, () =>
    api<EmailPreviewsResult>('GET', `/v1/projects/${encodeURIComponent(projectId)}/email_previews`),
  );
  return (
    <>
      <PageHeading intro="Each email the project sends, from the templates it sends with. Links and codes here are samples: they sign nobody in.">
        Emails
      </PageHeading>
      {previews.state === 'loading' && <Loading label="Loading the emails…" />}
      {previews.state === 'error' && <ErrorState error={previews.error} retry={previews.retry} />}
      {previews.state === 'ready' && previews.data.email_previews.length === 0 && (
        <EmptyState title="This project sends no email" />
      )}
      {previews.state === 'ready' && previews.data.email_previews.length > 0 && (
        <EmailBrowser
          previews={previews.data.email_previews}
          chosen={params.get('email') ?? previews.data.email_previews[0]?.kind ?? ''}
        />
      )}
    </>
  );
}

function EmailBrowser({ previews, chosen }: { previews: EmailPreview[]; chosen: string }) {
  const shown = previews.find((p) => p.kind === chosen) ?? (previews[0] as EmailPreview);
  const row = useRef<HTMLUListElement>(null);
  // Below 1000 px the list is a row that scrolls sideways: the chosen email stays in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another email is chosen.
  useEffect(() => (row.current ? followCurrentLink(row.current) : undefined), [shown.kind]);
  return (
    <div className="email-browser">
      <nav aria-label="Emails" className="email-list">
        <ul
          ref={row}
          onFocus={(event) => {
            if (row.current && event.target instanceof HTMLElement) revealLink(row.current, event.target);
          }}
        >
          {previews.map((p) => (
            <li key={p.kind}>
              <Link
                to={`?email=${p.kind}`}
                aria-current={p.kind === shown.kind ? 'page' : undefined}
                className={p.kind === shown.kind ? 'active' : undefined}
                replace
              >
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="panel email-preview" aria-labelledby="email-title">
        <h2 id="email-title">{shown.title}</h2>
        <p className="hint">Sent when: {shown.sent_when}</p>
        <dl className="facts email-headers">
          <dt>From</dt>
          <dd>{shown.from}</dd>
          <dt>To</dt>
          <dd>{shown.to}</dd>
          <dt>Subject</dt>
          <dd>{shown.subject}</dd>
        </dl>
        <h3>HTML</h3>
        <iframe
          key={shown.kind}
          className="email-frame"
          title={`${shown.title}: the email as HTML`}
          sandbox=""
          srcDoc={shown.html}
        />
        <h3>Plain text</h3>
        <pre className="email-text">{shown.text}</pre>
      </section>
    </div>
  );
}
