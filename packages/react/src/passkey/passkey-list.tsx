/** @module passkey/passkey-list — the user's passkeys as a list; one row at a time is renamed or deleted. */
import { type ReactElement, useEffect, useRef, useState } from 'react';
import type { WidgetWebAuthnRegistration } from '../widget-client.js';
import { PasskeyRow, type RowMode } from './passkey-row.js';

/** Props of PasskeyList. */
export interface PasskeyListProps {
  registrations: readonly WidgetWebAuthnRegistration[];
  label: string;
  onRename(webauthnRegistrationId: string, name: string): void;
  onDelete(webauthnRegistrationId: string): void;
  /** Where focus goes when the last passkey was deleted. */
  onEmptied(): void;
}

type Active = { id: string; mode: Exclude<RowMode, 'view'> } | null;

/**
 * A real list (ul/li). While one row is being renamed or asks to confirm a delete, the other
 * rows' buttons are disabled. After a delete, focus moves to the row that took its place, else
 * the one before, else to `onEmptied`'s target, so a keyboard user never lands on <body>.
 */
export function PasskeyList({
  registrations,
  label,
  onRename,
  onDelete,
  onEmptied,
}: PasskeyListProps): ReactElement {
  const [active, setActive] = useState<Active>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  // A row that left the list (a reload) cannot keep the others locked.
  const current =
    active && registrations.some((r) => r.webauthn_registration_id === active.id) ? active : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a delete changed the list.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const rows = list.current?.querySelectorAll('li') ?? [];
    const row = rows[Math.min(index, rows.length - 1)];
    const target = row?.querySelector<HTMLButtonElement>('button:not([disabled])');
    if (target) target.focus();
    else onEmptied();
  }, [registrations]);

  return (
    <ul className="lk-passkey-list" part="passkey-list" aria-label={label} ref={list}>
      {registrations.map((registration, index) => {
        const id = registration.webauthn_registration_id;
        return (
          <PasskeyRow
            key={id}
            registration={registration}
            mode={current?.id === id ? current.mode : 'view'}
            locked={current !== null && current.id !== id}
            onModeChange={(mode) => setActive(mode === 'view' ? null : { id, mode })}
            onRename={(name) => onRename(id, name)}
            onDelete={() => {
              setActive(null);
              // The list itself goes with its last row, so that focus moves before.
              if (registrations.length === 1) onEmptied();
              else focusIndex.current = index;
              onDelete(id);
            }}
          />
        );
      })}
    </ul>
  );
}
