/** A person's photo, or their initials on a colour derived from their name. */
import styles from './Avatar.module.css';
import { initialsOf } from './initials';

const PALETTE = ['#155456', '#6b3fa0', '#a3462b', '#1d4f91', '#6a5a00', '#8a2f5c', '#2f6b2f', '#7a4b1c'];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#155456';
}

export function Avatar({ name, photoUrl, size = 64 }: { name: string; photoUrl?: string | null; size?: number }) {
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.38, background: colourOf(name) }} aria-hidden="true">
      {photoUrl ? <img src={photoUrl} alt="" /> : initialsOf(name)}
    </span>
  );
}
