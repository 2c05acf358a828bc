//! The root of every page: title, forced colour scheme, sidebar state, hotkeys, toasts, overlays.
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { OverlayHost } from '../components/OverlayHost';
import { Toaster } from '../components/Toaster';
import { forceScheme } from '../lib/theme';
import { useHotkeys } from './hotkeys';
import { menuItemFor } from './menu';
import type { RouteHandle } from './router';
import { closeMobileSidebar, setActiveItem, setViewportWidth } from './sidebar';

export function Root() {
  const { pathname } = useLocation();
  const handle = (useMatches().at(-1)?.handle ?? {}) as RouteHandle;

  useEffect(() => {
    document.title = handle.title ? `${handle.title} · Klass` : 'Klass';
  }, [handle.title]);

  useEffect(() => {
    forceScheme(handle.scheme ?? null);
  }, [handle.scheme]);

  useEffect(() => {
    const item = menuItemFor(pathname);
    setActiveItem(item?.id ?? null, item?.group ?? null);
    closeMobileSidebar();
  }, [pathname]);

  useEffect(() => {
    const onResize = () => setViewportWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useHotkeys();

  return (
    <>
      <Outlet />
      <Toaster />
      <OverlayHost />
    </>
  );
}
