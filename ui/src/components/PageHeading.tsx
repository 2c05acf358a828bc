//! A page's title with its main action beside it (e.g. «Создать»); they stack on a narrow screen.
import type { ReactNode } from 'react';
import './PageHeading.css';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
