/** A message box; errors are announced immediately to screen readers. */
import type { ReactNode } from 'react';
import styles from './Notice.module.css';

export function Notice({ tone, children }: { tone: 'error' | 'info' | 'warning' | 'success'; children: ReactNode }) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
