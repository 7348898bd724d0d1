/**
 * @module activity-page — /console/projects/:projectId/activity?window=24h|7d|30d: sign-ins by
 * method, failures with lockouts and rate-limit hits, and messages sent, per hour or per day. The
 * window lives in the URL, so a view can be shared and reloaded. Loaded as its own chunk: the
 * chart library never reaches another page (or the widget).
 */
import type { ProjectActivityResult } from '@latchkey/wire';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import '../insights.css';
import { useOperator } from '../auth/operator-context.js';
import { PageHeading } from '../components/page-heading.js';
import { RefreshButton } from '../components/refresh-button.js';
import { ErrorState, Loading } from '../components/status.js';
import { activitySummary, bucketLabel, methodsOf, quiet } from '../lib/activity-series.js';
import { signInMethodLabel } from '../lib/sign-in-methods.js';
import { useResource } from '../lib/use-resource.js';
import { ActivityChart, type ChartSeries } from './activity-chart.js';
import { ActivityTable } from './activity-table.js';
import { CHART_COLOURS, ChartLegend } from './chart-legend.js';

const WINDOWS = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
] as const;

export function ActivityPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const [params] = useSearchParams();
  const asked = params.get('window');
  const window = WINDOWS.some(([w]) => w === asked) ? (asked as string) : '7d';
  const activity = useResource(`activity:${projectId}:${window}`, () =>
    api<ProjectActivityResult>(
      'GET',
      `/v1/projects/${encodeURIComponent(projectId)}/activity?window=${window}`,
    ),
  );
  return (
    <>
      <PageHeading intro="Counted in UTC hours (24 hours) or days; figures reach here within about 5 seconds.">
        Activity
      </PageHeading>
      <nav className="segmented" aria-label="Time window">
        {WINDOWS.map(([value, label]) => (
          <Link
            key={value}
            to={`?window=${value}`}
            className={value === window ? 'segment active' : 'segment'}
            aria-current={value === window ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
        <RefreshButton resource={activity} />
      </nav>
      {activity.state === 'loading' && <Loading label="Loading the activity…" />}
      {activity.state === 'error' && <ErrorState error={activity.error} retry={activity.retry} />}
      {activity.state === 'ready' && <Charts activity={activity.data} />}
    </>
  );
}

function Charts({ activity }: { activity: ProjectActivityResult }) {
  const charts = useMemo(() => {
    const times = activity.buckets.map((b) => Date.parse(b.start) / 1000);
    const methods = methodsOf(activity.totals);
    const pick = (
      label: string,
      value: (b: ProjectActivityResult['buckets'][number]) => number,
    ): ChartSeries => ({
      label,
      values: activity.buckets.map(value),
    });
    return {
      times,
      signIns: methods.map((m) => pick(signInMethodLabel(m), (b) => b.sign_ins[m] ?? 0)),
      failures: [
        ...methods
          .filter((m) => (activity.totals.sign_in_failures[m] ?? 0) > 0)
          .map((m) => pick(`Failed: ${signInMethodLabel(m)}`, (b) => b.sign_in_failures[m] ?? 0)),
        pick('Lockouts', (b) => b.lockouts),
        pick('Rate-limit hits', (b) => b.rate_limit_hits),
      ],
      messages: [
        pick('Emails sent', (b) => b.emails_sent),
        pick('Emails failed', (b) => b.emails_failed),
        pick('Text messages sent', (b) => b.sms_sent),
        pick('Text messages failed', (b) => b.sms_failed),
      ],
    };
  }, [activity]);
  const summary = activitySummary(activity);
  const labels = activity.buckets.map((b) => bucketLabel(b.start, activity.bucket));
  const section = (id: string, title: string, figures: string, sentence: string, series: ChartSeries[]) => (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <figure className="chart-figure">
        {/* An all-zero window says so where the chart would be, in a box of its own. */}
        <figcaption className={quiet(series) ? 'chart-summary chart-empty' : 'chart-summary'}>
          {sentence}
        </figcaption>
        {quiet(series) ? (
          // Nothing but zeros: no empty grid (it read as "not loaded"), the legend still names what is counted.
          series.length > 0 && <ChartLegend series={series} colours={CHART_COLOURS} />
        ) : (
          <ActivityChart times={charts.times} series={series} bucket={activity.bucket} />
        )}
      </figure>
      {series.length > 0 && (
        <ActivityTable
          caption={title}
          regionLabel={figures}
          labels={labels}
          series={series}
          bucket={activity.bucket}
        />
      )}
    </section>
  );
  return (
    <>
      {section('sign-ins', 'Sign-ins by method', 'Sign-in figures', summary.signIns, charts.signIns)}
      {section(
        'failures',
        'Failures, lockouts and rate limits',
        'Failure figures',
        summary.failures,
        charts.failures,
      )}
      {section('messages', 'Emails and text messages', 'Message figures', summary.messages, charts.messages)}
    </>
  );
}
