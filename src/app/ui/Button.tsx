/** The one button of the kiosk: big, obvious, and at least 56 px in both directions. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'clockOn' | 'startBreak' | 'endBreak' | 'clockOff' | 'onDark';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'large';
  block?: boolean;
  icon?: ReactNode;
}

export function Button({ variant = 'primary', size = 'normal', block = false, icon, className, children, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'large' ? styles.large : '', block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}
