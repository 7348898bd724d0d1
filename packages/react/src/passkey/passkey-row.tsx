/** @module passkey/passkey-row — one passkey of the list: name and dates, rename in place, delete with a confirmation. */
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../components/button.js';
import { CheckIcon, PencilIcon, TrashIcon } from '../components/icons.js';
import { PASSKEY_NAME_MAX_LENGTH } from '../machine/passkey-transition.js';
import type { WidgetWebAuthnRegistration } from '../widget-client.js';
import { formatDate } from './format-date.js';
import { usePasskeyStrings } from './use-passkey-strings.js';

/** What a row is doing. */
export type RowMode = 'view' | 'edit' | 'confirm';

/** Props of PasskeyRow. */
export interface PasskeyRowProps {
  registration: WidgetWebAuthnRegistration;
  mode: RowMode;
  /** Another row is being renamed or deleted: this row's buttons wait (spec §2). */
  locked: boolean;
  onModeChange(mode: RowMode): void;
  onRename(name: string): void;
  onDelete(): void;
}

const isEscape = (event: KeyboardEvent): boolean => {
  if (event.key !== 'Escape') return false;
  // The widget may sit in a host's dialog: this Escape is ours, not a request to close it.
  event.preventDefault();
  event.stopPropagation();
  return true;
};

/**
 * View: name, a dates line, and pencil and trash icon buttons named after the passkey. Edit: a
 * text field (Enter saves, Escape cancels) and a check button. Confirm: the warning with Delete
 * and Cancel (Escape cancels). Focus goes to the field or to Cancel on opening, and back to the
 * button that opened it on closing.
 */
export function PasskeyRow(props: PasskeyRowProps): ReactElement {
  const { registration, mode, locked, onModeChange } = props;
  const { t } = usePasskeyStrings();
  const { name } = registration;
  const [draft, setDraft] = useState(name);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLFieldSetElement>(null);
  const previous = useRef<RowMode>(mode);

  useEffect(() => {
    const was = previous.current;
    previous.current = mode;
    if (mode === 'edit') {
      input.current?.focus();
      input.current?.select();
    } else if (mode === 'confirm') {
      confirm.current?.querySelector<HTMLButtonElement>('[data-cancel]')?.focus();
    } else if (was === 'edit') {
      editButton.current?.focus();
    } else if (was === 'confirm') {
      deleteButton.current?.focus();
    }
  }, [mode]);

  const startEdit = (): void => {
    setDraft(name);
    onModeChange('edit');
  };
  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    props.onRename(draft);
    onModeChange('view');
  };

  if (mode === 'edit') {
    return (
      <li className="lk-passkey" part="passkey-item">
        <form className="lk-passkey-row" noValidate onSubmit={save}>
          <input
            ref={input}
            className="lk-input lk-passkey-input"
            part="input"
            aria-label={t('passkey.nameLabel')}
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (isEscape(event)) onModeChange('view');
            }}
          />
          <button
            type="submit"
            className="lk-icon-button lk-passkey-action"
            part="passkey-action"
            aria-label={t('passkey.save')}
          >
            <CheckIcon />
          </button>
        </form>
      </li>
    );
  }

  const metaId = `${id}-meta`;
  const created = formatDate(registration.created_at);
  const lastUsed = formatDate(registration.last_authenticated_at);
  const meta = [
    created ? t('passkey.createdAt', { date: created }) : '',
    lastUsed ? t('passkey.lastUsedAt', { date: lastUsed }) : '',
  ].filter(Boolean);
  const confirming = mode === 'confirm';

  return (
    <li className="lk-passkey" part="passkey-item">
      <div className="lk-passkey-row">
        <div className="lk-passkey-info">
          <span className="lk-passkey-name">{name}</span>
          {meta.length > 0 ? (
            // Each part stays whole, so a narrow row wraps between them.
            <span className="lk-passkey-meta" id={metaId}>
              {meta.map((part, index) => (
                <span key={part}>
                  {index > 0 ? ' · ' : null}
                  <span className="lk-nowrap">{part}</span>
                </span>
              ))}
            </span>
          ) : null}
        </div>
        <div className="lk-passkey-actions">
          <button
            ref={editButton}
            type="button"
            className="lk-icon-button lk-passkey-action"
            part="passkey-action"
            aria-label={t('passkey.edit', { name })}
            aria-describedby={meta.length > 0 ? metaId : undefined}
            disabled={locked || confirming}
            onClick={startEdit}
          >
            <PencilIcon />
          </button>
          <button
            ref={deleteButton}
            type="button"
            className="lk-icon-button lk-passkey-action"
            part="passkey-action"
            aria-label={t('passkey.deleteLabel', { name })}
            aria-describedby={meta.length > 0 ? metaId : undefined}
            aria-expanded={confirming}
            aria-controls={confirming ? `${id}-confirm` : undefined}
            disabled={locked}
            onClick={() => onModeChange(confirming ? 'view' : 'confirm')}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
      {confirming ? (
        <fieldset
          ref={confirm}
          id={`${id}-confirm`}
          className="lk-passkey-confirm"
          onKeyDown={(event) => {
            if (isEscape(event)) onModeChange('view');
          }}
        >
          <legend className="lk-passkey-confirm-text">{t('passkey.deleteConfirm')}</legend>
          <div className="lk-passkey-confirm-actions">
            <Button variant="danger" compact onClick={props.onDelete}>
              {t('passkey.delete')}
            </Button>
            <Button variant="secondary" compact data-cancel="" onClick={() => onModeChange('view')}>
              {t('passkey.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}
