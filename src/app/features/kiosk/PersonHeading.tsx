/**
 * The employee a step is about: photo or initials, a greeting (at most two lines), their whole
 * name when the greeting does not already say it all (the staff grid may have elided it), and an
 * optional line under it.
 */
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/Avatar';
import steps from './Steps.module.css';

export function PersonHeading({ name, photoUrl, title, children, id }: { name: string; photoUrl: string | null; title: string; children?: ReactNode; id?: string }) {
  return (
    <div className={steps.person}>
      <Avatar name={name} photoUrl={photoUrl} size={76} />
      <div className={steps.personText}>
        <h1 className={`${steps.title} ${steps.greeting}`} id={id}>
          {title}
        </h1>
        {title.includes(name) ? null : (
          <p className={steps.fullName} data-testid="full-name">
            {name}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
