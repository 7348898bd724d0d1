/**
 * @module endpoint-form — add or edit a webhook endpoint: its URL (checked as the provider will,
 * when the field is left and on submit), a description and the events it takes. A refusal from
 * the provider is shown beside the field it names; nothing typed is lost.
 */
import { webhookUrlProblem } from '@latchkey/wire/project-urls';
import { useId, useRef, useState } from 'react';
import { ConsoleApiError } from '../../api/console-api.js';
import { useOperator } from '../../auth/operator-context.js';
import { FieldProblem } from '../../components/field-problem.js';
import { FormProblem } from '../../components/form-problem.js';
import { EventTypePicker, type WebhookEventTypeInfo } from './event-type-picker.js';

/** What the form sends (POST or PUT /v1/webhooks/endpoints…). */
export interface EndpointFields {
  url: string;
  description: string;
  event_types: string[];
}

const NONE_CHOSEN = 'Choose at least one event, or send all events.';

export function EndpointForm(props: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  catalogue: WebhookEventTypeInfo[];
  initial?: EndpointFields;
  onSubmit(fields: EndpointFields): Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const { config } = useOperator();
  // The console's configuration names the development issuer only in development.
  const mode = config.development_issuer ? 'development' : 'production';
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  const [types, setTypes] = useState<string[]>(props.initial?.event_types ?? []);
  const [filtered, setFiltered] = useState((props.initial?.event_types.length ?? 0) > 0);
  const [urlProblem, setUrlProblem] = useState<string | undefined>();
  const [typesProblem, setTypesProblem] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const urlInput = useRef<HTMLInputElement>(null);

  const checkUrl = (value: string) => {
    const found =
      value.trim() === '' ? 'Enter the URL to send events to.' : webhookUrlProblem(value.trim(), mode);
    const message = found && !found.startsWith('Enter') ? `The URL ${found}.` : found;
    setUrlProblem(message);
    return message;
  };

  return (
    <form
      className="panel endpoint-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        const badUrl = checkUrl(url);
        const noTypes = filtered && types.length === 0 ? NONE_CHOSEN : undefined;
        setTypesProblem(noTypes);
        if (badUrl) {
          urlInput.current?.focus();
          return;
        }
        if (noTypes) return;
        setBusy(true);
        try {
          await props.onSubmit({ url: url.trim(), description, event_types: filtered ? types : [] });
        } catch (error) {
          if (error instanceof ConsoleApiError && error.field === 'url') {
            setUrlProblem(error.message);
            urlInput.current?.focus();
          } else setProblem((error as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          ref={urlInput}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/latchkey"
          value={url}
          aria-invalid={urlProblem ? true : undefined}
          aria-describedby={`${id}-url-hint${urlProblem ? ` ${id}-url-error` : ''}`}
          onChange={(event) => {
            setUrl(event.target.value);
            if (urlProblem) checkUrl(event.target.value);
          }}
          onBlur={(event) => {
            // Leaving for the submit button: the submit checks it, and a message appearing now
            // would move the button from under the pointer, losing the click.
            const next = event.relatedTarget;
            if (next instanceof HTMLButtonElement && next.type === 'submit') return;
            if (url !== '') checkUrl(url);
          }}
        />
        <p className="hint" id={`${id}-url-hint`}>
          {mode === 'development'
            ? 'https://, or http:// to localhost, 127.0.0.1 or [::1] while you develop.'
            : 'An https:// address your server answers with a 2xx.'}
        </p>
        <FieldProblem id={`${id}-url-error`} problem={urlProblem} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          Description <span className="hint">(optional)</span>
        </label>
        <input
          id={`${id}-description`}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <EventTypePicker
        catalogue={props.catalogue}
        value={types}
        onChange={(next) => {
          setTypes(next);
          if (next.length > 0) setTypesProblem(undefined);
        }}
        filtered={filtered}
        onFilteredChange={setFiltered}
        problem={typesProblem}
      />
      <FormProblem problem={problem} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="button secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
