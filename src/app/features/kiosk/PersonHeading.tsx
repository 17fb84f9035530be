/** The employee a step is about: photo or initials, a greeting and an optional line under it. */
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/Avatar';
import steps from './Steps.module.css';

export function PersonHeading({ name, photoUrl, title, children, id }: { name: string; photoUrl: string | null; title: string; children?: ReactNode; id?: string }) {
  return (
    <div className={steps.person}>
      <Avatar name={name} photoUrl={photoUrl} size={76} />
      <div className={steps.personText}>
        <h1 className={steps.title} id={id}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
