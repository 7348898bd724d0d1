/** @module components/back-button — the back arrow of a screen. */
import type { ReactElement } from 'react';
import { useElementClass } from '../theme/element-classes.js';

/** An icon button with an accessible name; disabled while the widget is busy. */
export function BackButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}): ReactElement {
  return (
    <button
      type="button"
      className={useElementClass('lk-back-button', 'backButton')}
      part="back-button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
      </svg>
    </button>
  );
}
