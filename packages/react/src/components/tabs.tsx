/** @module components/tabs — an accessible tab list with one panel (WAI-ARIA APG tabs, automatic activation). */
import { type KeyboardEvent, type ReactElement, type ReactNode, useId, useRef } from 'react';
import { useElementClass } from '../theme/element-classes.js';

/** One tab. */
export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** Props of Tabs. */
export interface TabsProps<K extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect(key: K): void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * role=tablist of buttons and one role=tabpanel labelled by the selected tab. Only the selected
 * tab is in the Tab order; arrow keys, Home and End move between tabs and select them.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: TabsProps<K>): ReactElement {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabClass = useElementClass('lk-tab', 'tab');
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.key}"]`)?.focus();
  };

  return (
    <div className="lk-tabs">
      <div
        ref={list}
        className="lk-tablist"
        part="tablist"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              data-tab={tab.key}
              className={tabClass}
              part={isSelected ? 'tab tab-selected' : 'tab'}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="lk-tabpanel" role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
