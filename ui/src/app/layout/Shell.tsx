//! The frame of the default and profile layouts: a skip link, the sidebar, the top bar, content.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ImpersonationBanner } from '../../components/ImpersonationBanner';
import { sidebar } from '../sidebar';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export function Shell({ children }: { children: ReactNode }) {
  const snap = useSnapshot(sidebar);
  return (
    <div className="shell" data-mobile={snap.isMobile} data-expanded={snap.expanded}>
      <a className="skip-link" href="#content">
        Перейти к содержимому
      </a>
      <Sidebar />
      <div className="shell-main">
        <TopBar />
        <ImpersonationBanner />
        <main id="content" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
