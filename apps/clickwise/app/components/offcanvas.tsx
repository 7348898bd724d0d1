/** An offcanvas panel opened by its element id (spec §2): any button naming the id opens it. */
import { type ReactNode, useEffect, useRef, useState } from 'react';

export const OFFCANVAS_OPEN_EVENT = 'offcanvas:open';

/** Opens the offcanvas panel whose element has `id`; false when there is none. */
export function openOffcanvas(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.dispatchEvent(new Event(OFFCANVAS_OPEN_EVENT));
  return true;
}

/** A button that opens the panel `target` (by element id). */
export function OffcanvasToggle({
  target,
  children,
  className,
}: {
  target: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ?? 'button button-secondary'}
      aria-controls={target}
      aria-haspopup="dialog"
      data-offcanvas-target={target}
      onClick={() => openOffcanvas(target)}
    >
      {children}
    </button>
  );
}

/** The panel: slides in from the right; Escape, the close button or the backdrop close it. */
export function Offcanvas({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onOpen = () => {
      opener.current = document.activeElement;
      setOpen(true);
    };
    element.addEventListener(OFFCANVAS_OPEN_EVENT, onOpen);
    return () => element.removeEventListener(OFFCANVAS_OPEN_EVENT, onOpen);
  }, []);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, [open]);
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience; Escape and the close button are the keyboard ways */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div className="offcanvas-backdrop" hidden={!open} onClick={() => setOpen(false)} />
      <div
        id={id}
        ref={panel}
        className={`offcanvas${open ? ' offcanvas-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-hidden={open ? undefined : true}
        tabIndex={-1}
        data-open={open ? 'true' : 'false'}
      >
        <div className="offcanvas-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => setOpen(false)}
            tabIndex={open ? 0 : -1}
          >
            ×
          </button>
        </div>
        <div className="offcanvas-body" hidden={!open}>
          {children}
        </div>
      </div>
    </>
  );
}
