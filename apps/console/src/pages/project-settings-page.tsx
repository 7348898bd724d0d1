/**
 * @module project-settings-page — /console/projects/:projectId/settings: every setting PATCH
 * /v1/projects/{id} takes that an operator edits by hand. Saving sends only what changed (of the
 * send limits, only the limits changed); a refused value is shown
 * beside its field and in a summary that takes focus, and nothing typed is lost.
 */
import { useEffect, useRef, useState } from 'react';
import { useBlocker, useOutletContext, useParams } from 'react-router';
import { ConsoleApiError } from '../api/console-api.js';
import { useOperator } from '../auth/operator-context.js';
import { ClaimsTemplateField } from '../components/claims-template-field.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { FieldProblem, problemAttributes } from '../components/field-problem.js';
import { FormProblem } from '../components/form-problem.js';
import { ListEditor } from '../components/list-editor.js';
import { NumberField } from '../components/number-field.js';
import { PageHeading } from '../components/page-heading.js';
import { PasswordPreview } from '../components/password-preview.js';
import { changedLimits, SendLimitsFields } from '../components/send-limits-fields.js';
import type { ShellContext } from '../components/shell.js';
import { ErrorState, LoadingPage } from '../components/status.js';
import { PRODUCTS, type Project } from '../lib/project-types.js';
import { originProblem, redirectUrlProblem } from '../lib/url-rules.js';
import { useResource } from '../lib/use-resource.js';

const FLAGS: Array<[keyof Project, string]> = [
  [
    'mfa_required',
    'Require a second factor (authenticator app, recovery code or SMS) after every sign-in but a passkey',
  ],
  ['pkce_required_for_email_magic_links', 'Require PKCE for email magic links'],
  ['pkce_required_for_password_resets', 'Require PKCE for password resets'],
  ['pkce_required_for_oauth', 'Require PKCE for OAuth'],
  ['siwe_required_for_crypto_wallets', 'Ethereum wallets sign in with Sign-In with Ethereum (EIP-4361)'],
  ['disable_sdk_watermark', 'Hide “Powered by Latchkey” in the widget'],
];
const URL_LISTS: Array<{
  field: 'allowed_origins' | 'allowed_redirect_urls';
  label: string;
  hint: string;
  placeholder: string;
  problemOf(value: string): string | undefined;
}> = [
  {
    field: 'allowed_origins',
    label: 'Allowed origins',
    hint: 'Pages on these origins may use the widget and the client SDK.',
    placeholder: 'https://app.example.com',
    problemOf: originProblem,
  },
  {
    field: 'allowed_redirect_urls',
    label: 'Allowed redirect URLs',
    hint: 'Magic links, password resets and OAuth may return only to these exact URLs.',
    placeholder: 'https://app.example.com/authenticate',
    problemOf: redirectUrlProblem,
  },
];
const STRENGTH_POLICIES: Array<[Project['password_config']['strength_policy'], string]> = [
  ['zxcvbn', 'Hard to guess (zxcvbn score 3 or more)'],
  ['luds', 'Length and character kinds (LUDS)'],
];
const MINUTES: Array<[keyof Project, string, number, number]> = [
  ['session_default_minutes', 'Default session length (minutes)', 5, 525_600],
  ['session_max_lifetime_minutes', 'Longest session (minutes)', 5, 525_600],
  ['magic_link_expiration_minutes', 'Magic links expire after (minutes)', 5, 10_080],
  ['otp_expiration_minutes', 'Passcodes expire after (minutes)', 1, 10],
];

export function ProjectSettingsPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  // Absent when the page is rendered alone (its tests).
  const shell = useOutletContext<ShellContext | undefined>();
  const project = useResource(`project:${projectId}`, () =>
    api<{ project: Project }>('GET', `/v1/projects/${encodeURIComponent(projectId)}`),
  );
  if (project.state === 'loading')
    return <LoadingPage title="Project settings" label="Loading the project…" />;
  if (project.state === 'error') return <ErrorState asPage error={project.error} retry={project.retry} />;
  return (
    <SettingsForm
      key={projectId}
      saved={project.data.project}
      onSaved={(p) => {
        if (p.name !== project.data.project.name) shell?.projectsChanged();
        project.replace({ project: p });
      }}
    />
  );
}

type Draft = Project;

function changesOf(draft: Draft, saved: Draft): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as Array<keyof Draft>)
    if (JSON.stringify(draft[key]) !== JSON.stringify(saved[key])) changes[key] = draft[key];
  // Read-only fields the API shows but does not take.
  for (const key of [
    'project_id',
    'environment',
    'public_token',
    'is_dev',
    'previous_secret_expires_at',
    'created_at',
  ])
    delete changes[key];
  if (changes.send_limits) changes.send_limits = changedLimits(draft.send_limits, saved.send_limits);
  return changes;
}

function SettingsForm({ saved, onSaved }: { saved: Project; onSaved(project: Project): void }) {
  const { api, config } = useOperator();
  const [draft, setDraft] = useState<Draft>(saved);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ConsoleApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Save was pressed while a field the form checks itself was wrong (nothing was sent).
  const [blocked, setBlocked] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  // A refusal takes focus at the top, where its summary is; "Saved." is said beside the button
  // that saved (a polite live region), and focus stays on that button.
  useEffect(() => {
    if (problem) summary.current?.focus();
  }, [problem]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setNotice(null);
    setBlocked(false);
  };
  const fieldProblem = (field: string) =>
    problem?.field &&
    (problem.field === field ||
      problem.field.startsWith(`${field}[`) ||
      problem.field.startsWith(`${field}.`))
      ? problem.message
      : undefined;
  const changes = changesOf(draft, saved);
  const dirty = Object.keys(changes).length > 0;
  // The claims template as typed does not parse: nothing is saved until it does.
  const [claimsInvalid, setClaimsInvalid] = useState(false);
  // Bumped by "Discard changes", so the claims field shows the saved template again.
  const [generation, setGeneration] = useState(0);
  const canSave = !busy && dirty && !claimsInvalid;
  // Leaving with unsaved changes asks first: a link, the project switcher, Back; and the browser
  // asks before the tab closes or reloads. A save in flight is let through.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const nameMissing = draft.name.trim() === '';
  const nameProblem = nameMissing ? 'Enter a name.' : fieldProblem('name');

  return (
    <>
      <form
        className="settings"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!canSave) return;
          // A field the form judges itself (a number out of its range, an empty name) is not sent
          // for the provider to refuse in its own words: focus goes to it, where its problem is said.
          const unfinished = event.currentTarget.querySelector<HTMLElement>('[data-unfinished]');
          if (unfinished) {
            setProblem(null);
            setNotice(null);
            setBlocked(true);
            unfinished.focus();
            return;
          }
          setBusy(true);
          setProblem(null);
          setNotice(null);
          try {
            const { project } = await api<{ project: Project }>(
              'PATCH',
              `/v1/projects/${saved.project_id}`,
              changes,
            );
            onSaved(project);
            setDraft(project);
            setNotice('Saved. The change applies to the next sign-in.');
          } catch (error) {
            setProblem(
              error instanceof ConsoleApiError ? error : new ConsoleApiError(0, 'unknown', String(error)),
            );
          } finally {
            setBusy(false);
          }
        }}
      >
        <PageHeading intro={<span className="mono">{saved.project_id}</span>}>
          {saved.name} settings
        </PageHeading>
        {saved.project_id === config.project_id && (
          <p className="panel notice-panel">
            Operators sign in to this console with this project: turning off passkeys, passwords or the
            authenticator app, or the MFA requirement, changes how everyone signs in here.
          </p>
        )}
        <div ref={summary} tabIndex={-1} className="summary">
          <FormProblem problem={problem && `Not saved: ${problem.message}`} />
        </div>

        <section className="panel" aria-labelledby="general">
          <h2 id="general">General</h2>
          <div className="field">
            <label htmlFor="name">Name (emails and passkey prompts show it)</label>
            <input
              id="name"
              value={draft.name}
              required
              maxLength={100}
              onChange={(e) => set('name', e.target.value)}
              {...problemAttributes('name-error', nameProblem)}
              data-unfinished={nameMissing ? '' : undefined}
            />
            <FieldProblem id="name-error" problem={nameProblem} />
          </div>
        </section>

        <section className="panel" aria-labelledby="web">
          <h2 id="web">Origins and redirects</h2>
          {URL_LISTS.map(({ field, ...list }) => (
            <ListEditor
              key={field}
              {...list}
              items={draft[field]}
              onChange={(items) => set(field, items)}
              serverProblem={fieldProblem(field)}
            />
          ))}
          {(['default_login_redirect_url', 'default_signup_redirect_url'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={field}>
                {field === 'default_login_redirect_url'
                  ? 'Default sign-in redirect'
                  : 'Default sign-up redirect'}
              </label>
              <select
                id={field}
                value={draft[field] ?? ''}
                onChange={(e) => set(field, e.target.value === '' ? null : e.target.value)}
              >
                <option value="">None</option>
                {draft.allowed_redirect_urls.map((url) => (
                  <option key={url} value={url}>
                    {url}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </section>

        <section className="panel" aria-labelledby="methods">
          <h2 id="methods">Sign-in methods</h2>
          <fieldset>
            <legend>Enabled products</legend>
            {PRODUCTS.map(([value, label]) => (
              <label className="checkbox" key={value}>
                <input
                  type="checkbox"
                  checked={draft.enabled_products.includes(value)}
                  onChange={(e) =>
                    set(
                      'enabled_products',
                      e.target.checked
                        ? [...draft.enabled_products, value]
                        : draft.enabled_products.filter((p) => p !== value),
                    )
                  }
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Options</legend>
            {FLAGS.map(([field, label]) => (
              <label className="checkbox" key={field}>
                <input
                  type="checkbox"
                  checked={Boolean(draft[field])}
                  onChange={(e) => set(field, e.target.checked as never)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        </section>

        <section className="panel" aria-labelledby="passwords">
          <h2 id="passwords">Password policy</h2>
          <fieldset>
            <legend>How strength is judged</legend>
            {STRENGTH_POLICIES.map(([policy, label]) => (
              <label className="checkbox" key={policy}>
                <input
                  type="radio"
                  name="policy"
                  checked={draft.password_config.strength_policy === policy}
                  onChange={() =>
                    set('password_config', { ...draft.password_config, strength_policy: policy })
                  }
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {draft.password_config.strength_policy === 'luds' && (
            <div className="field-row">
              <NumberField
                id="luds_min_length"
                label="Least length"
                min={1}
                max={256}
                value={draft.password_config.luds_min_length}
                onChange={(v) => set('password_config', { ...draft.password_config, luds_min_length: v })}
                problem={fieldProblem('password_config')}
              />
              <NumberField
                id="luds_complexity"
                label="Kinds of character (1–4)"
                min={1}
                max={4}
                value={draft.password_config.luds_complexity}
                onChange={(v) => set('password_config', { ...draft.password_config, luds_complexity: v })}
              />
            </div>
          )}
          <PasswordPreview policy={draft.password_config} />
        </section>

        <section className="panel" aria-labelledby="lifetimes">
          <h2 id="lifetimes">Sessions and codes</h2>
          <div className="field-row">
            {MINUTES.map(([field, label, min, max]) => (
              <NumberField
                key={field}
                id={field}
                label={label}
                min={min}
                max={max}
                value={draft[field] as number}
                onChange={(v) => set(field, v as never)}
                problem={fieldProblem(field)}
              />
            ))}
          </div>
        </section>

        <section className="panel" aria-labelledby="captcha">
          <h2 id="captcha">Captcha</h2>
          <div className="field-row">
            <div className="field">
              <label htmlFor="captcha-site-key">reCAPTCHA Enterprise site key (empty: off)</label>
              <input
                id="captcha-site-key"
                value={draft.captcha.site_key ?? ''}
                onChange={(e) =>
                  set('captcha', {
                    ...draft.captcha,
                    site_key: e.target.value.trim() === '' ? null : e.target.value.trim(),
                  })
                }
                aria-invalid={fieldProblem('captcha') ? true : undefined}
              />
            </div>
            <NumberField
              id="captcha-min-score"
              label="Lowest passing score (0–1)"
              min={0}
              max={1}
              step={0.1}
              value={draft.captcha.min_score}
              onChange={(v) => set('captcha', { ...draft.captcha, min_score: v })}
              problem={fieldProblem('captcha')}
            />
          </div>
        </section>

        <section className="panel" aria-labelledby="send-limits">
          <h2 id="send-limits">Send limits</h2>
          <p className="hint">
            How many sign-in emails and codes may be sent, per address, per network and for the whole project.
          </p>
          <SendLimitsFields
            limits={draft.send_limits}
            onChange={(limits) => set('send_limits', limits)}
            problemOf={(key) => fieldProblem(`send_limits.${key}`)}
          />
        </section>

        <section className="panel" aria-labelledby="claims">
          <h2 id="claims">Session claims</h2>
          <ClaimsTemplateField
            key={`${generation}:${JSON.stringify(saved.session_custom_claims_template)}`}
            value={draft.session_custom_claims_template}
            onChange={(value) => {
              setClaimsInvalid(value === undefined);
              if (value !== undefined) set('session_custom_claims_template', value);
            }}
            problem={fieldProblem('session_custom_claims_template')}
          />
        </section>

        {/* One row at 360 px too: the labels shorten to "Save" and "Discard" (their names stay whole), and
          Discard shows only while there is something to discard, where the status would otherwise go. */}
        <div className="save-bar">
          {/* aria-disabled, not disabled: the button keeps focus once it has saved (nothing left to save). */}
          <button ref={saveButton} type="submit" className="button" aria-disabled={!canSave}>
            {busy ? (
              'Saving…'
            ) : (
              // One span: in the flex button, bare text and a span are two items, and the space
              // that starts the second is dropped ("Savechanges").
              <span>
                Save<span className="wide-only"> changes</span>
              </span>
            )}
          </button>
          {(dirty || claimsInvalid) && (
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => {
                setDraft(saved);
                setProblem(null);
                setClaimsInvalid(false);
                setGeneration((n) => n + 1);
                // This button goes with the changes: focus stays in the bar.
                saveButton.current?.focus();
              }}
            >
              <span>
                Discard<span className="wide-only"> changes</span>
              </span>
            </button>
          )}
          {/* After a refusal the reason is in the alert at the top (focused); the bar says only that nothing was saved. */}
          <p
            className={`save-status ${problem || blocked ? 'bad' : 'notice'}`}
            role="status"
            aria-live="polite"
          >
            {notice ?? (blocked ? 'Not saved: a field above needs a change.' : problem ? 'Not saved.' : null)}
          </p>
        </div>
      </form>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave without saving"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          <p>Your changes to these settings are not saved yet.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
