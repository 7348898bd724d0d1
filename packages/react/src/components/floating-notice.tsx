/** @module components/floating-notice — replaces the form when the client is floating or blocked (spec §2). */
import type { ReactElement } from 'react';

/** A heading and an explanation; there is nothing to act on, so no controls. */
export function FloatingNotice({ title, text }: { title: string; text: string }): ReactElement {
  return (
    <div className="lk-stack" part="floating-notice">
      <h2 className="lk-heading" part="headline">
        {title}
      </h2>
      <p className="lk-text">{text}</p>
    </div>
  );
}
