//! The frame of a signed-out page in the blank layout: the portal's name, a heading, the form
//! and links under it.
import type { ReactNode } from 'react';

interface Props {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, lead, children, footer }: Props) {
  return (
    <article className="auth-card">
      <header className="auth-brand">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>Klass</span>
      </header>
      <h1>{title}</h1>
      {lead && <p className="muted">{lead}</p>}
      {children}
      {footer && <footer className="auth-footer">{footer}</footer>}
    </article>
  );
}
