/** @module components/icons — the widget's line icons (decorative; the control around one names it). */
import type { ReactElement, ReactNode } from 'react';

/**
 * A stroke icon in the current text colour (20px, class `lk-icon` unless told), hidden from
 * assistive technology; the widget's other decorative marks draw with it too.
 */
export function StrokeIcon({
  className = 'lk-icon',
  size = 20,
  children,
}: {
  className?: string;
  size?: number;
  children: ReactNode;
}): ReactElement {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A person with a key: the usual passkey mark. */
export function PasskeyIcon(): ReactElement {
  return (
    <StrokeIcon>
      <circle cx="9" cy="7.5" r="3.5" />
      <path d="M2.5 20v-1a5 5 0 0 1 5-5h3a5 5 0 0 1 2.5.7" />
      <circle cx="18.5" cy="10.5" r="2.5" />
      <path d="M18.5 13v8M18.5 17.5h2M18.5 20h1.5" />
    </StrokeIcon>
  );
}

/** Edit. */
export function PencilIcon(): ReactElement {
  return (
    <StrokeIcon>
      <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4z" />
      <path d="m13.5 6.5 4 4" />
    </StrokeIcon>
  );
}

/** Save / confirm. */
export function CheckIcon(): ReactElement {
  return (
    <StrokeIcon>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

/** Delete. */
export function TrashIcon(): ReactElement {
  return (
    <StrokeIcon>
      <path d="M4 7h16M9 7V4.5h6V7M6 7l1 13h10l1-13M10 11v5.5M14 11v5.5" />
    </StrokeIcon>
  );
}
