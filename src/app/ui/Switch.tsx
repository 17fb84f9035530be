/**
 * An on/off choice as a large switch: the whole row (at least 56 px high) is the target, the
 * state is said in words beside the track ("On"/"Off"), not by colour or position alone. A native
 * checkbox with role="switch" underneath, so keyboards, screen readers and forms work as usual.
 */
import type { ReactNode } from 'react';
import styles from './Switch.module.css';

export function Switch({ checked, onChange, children, onText, offText }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; onText: string; offText: string }) {
  return (
    <label className={`${styles.row} ${checked ? styles.on : ''}`}>
      <span className={styles.label}>{children}</span>
      <span className={styles.state} aria-hidden="true">
        {checked ? onText : offText}
      </span>
      <input className={styles.input} type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </label>
  );
}
