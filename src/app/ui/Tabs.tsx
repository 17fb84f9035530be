/**
 * Tabs for touch screens (WAI-ARIA tabs pattern): big tab buttons with an optional icon and badge,
 * arrow keys / Home / End move between them, and the panel is labelled by its tab. The caller owns
 * which tab is selected.
 */
import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  icon?: ReactNode;
  /** Shown after the label (e.g. a count); give it its own accessible text. */
  badge?: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for the tab and panel ids (unique on the page). */
  idPrefix: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const panelId = (idPrefix: string) => `${idPrefix}-panel`;

export function Tabs<K extends string>({ label, idPrefix, items, selected, onSelect }: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    const next = target === null ? undefined : items[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, next.id))}`)?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={label} ref={list} onKeyDown={move} style={{ '--tab-columns': items.length, '--tab-columns-narrow': items.length > 6 ? Math.ceil(items.length / 2) : items.length } as CSSProperties}>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.id)}
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix)}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.id)}
          >
            {item.icon ? (
              <span className={styles.icon} aria-hidden="true">
                {item.icon}
              </span>
            ) : null}
            <span className={styles.label}>
              {item.label}
              {item.badge}
            </span>
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, selected, children }: { idPrefix: string; selected: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, selected)} className={styles.panel}>
      {children}
    </div>
  );
}
