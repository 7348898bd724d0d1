/** @module components/screen-frame — a screen's heading, back arrow and focus handling. */
import { type ReactElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import { SCREENS_WITH_BACK_WHILE_BUSY } from '../machine/screen.js';
import { useElementClass } from '../theme/element-classes.js';
import { useWidget } from '../widget/widget-context.js';
import { BackButton } from './back-button.js';

/** Props of ScreenFrame. */
export interface ScreenFrameProps {
  title: string;
  /** Shows the back arrow. */
  onBack?: () => void;
  /** False for a screen the user did not ask for (one that replaced the first as the widget opened). */
  moveFocus?: boolean;
  /**
   * Where focus lands when the screen appears: its first field (the default), or its heading,
   * for a screen whose news matters more than its form (a dead link: issue 17).
   */
  focus?: 'field' | 'heading';
  children?: ReactNode;
}

/**
 * Lays out one screen. When the screen appears after a change, focus moves to its first enabled
 * field, or else to its heading, so keyboard and screen-reader users land on the new content.
 */
export function ScreenFrame({
  title,
  onBack,
  moveFocus = true,
  focus = 'field',
  children,
}: ScreenFrameProps): ReactElement {
  const { state, t, hideHeaderText, focusReady } = useWidget();
  const section = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingClass = useElementClass(
    hideHeaderText ? 'lk-heading lk-visually-hidden' : 'lk-heading',
    'headline',
  );

  // Before paint: a passive effect runs after the screen is visible, so a Tab pressed in that gap
  // moved focus and was then overridden by this focus call.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves once, when the screen mounts.
  useLayoutEffect(() => {
    if (!focusReady.current || !moveFocus) return;
    const field =
      focus === 'field'
        ? section.current?.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"])')
        : null;
    (field ?? heading.current)?.focus();
  }, []);

  return (
    <div className="lk-stack" ref={section}>
      {onBack ? (
        <BackButton
          label={t('common.back')}
          disabled={state.busy && !SCREENS_WITH_BACK_WHILE_BUSY.has(state.screen.name)}
          onClick={onBack}
        />
      ) : null}
      <h2 ref={heading} tabIndex={-1} className={headingClass} part="headline">
        {title}
      </h2>
      {children}
    </div>
  );
}
