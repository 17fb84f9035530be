/** The frame of set-up and manager screens: a top bar with a title and tools, then the content. */
import type { ReactNode } from 'react';
import styles from './Page.module.css';

export function Page({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <div className={styles.barTitle}>
          <img src="/icons/icon.svg" alt="" />
          <span>{title}</span>
        </div>
        {tools}
      </header>
      <main className={styles.content} id="main">
        {children}
      </main>
    </div>
  );
}

export function Card({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <section className={styles.card} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
