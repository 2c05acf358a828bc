//! Builds the react-router tree from the route table: layouts, guards (as loaders), lazy pages,
//! the 404 catch-all and the error page; reloads into a new build on the next navigation.
import type { ComponentType } from 'react';
import { createBrowserRouter, createPath, redirect, type Params, type RouteObject } from 'react-router';
import { mayReload, shouldReload } from '../lib/build';
import { setNavigator } from '../lib/navigation';
import { REDIRECT_PARAM, safeRedirect, signInFor } from '../lib/returnTo';
import { loadCurrentUser } from '../lib/session';
import { paths } from '../paths';
import { ErrorPage } from './ErrorPage';
import { evaluateGuards } from './guards';
import { BlankLayout, DefaultLayout, ProfileLayout } from './layout/layouts';
import { forbidden, notFound } from './pageError';
import { Root } from './Root';
import { pageRoutes, type LayoutName, type PageRoute } from './routes';

const LAYOUTS: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  blank: BlankLayout,
  profile: ProfileLayout,
};

export interface RouteHandle {
  title?: string;
  scheme?: PageRoute['scheme'];
}

/** Where a guard's redirect leads from `url`: sign-in remembers the page; a signed-in user on
 * the sign-in page goes on to the page it was asked with. */
function onward(to: string, url: URL): string {
  if (to === paths.login) return signInFor(`${url.pathname}${url.search}${url.hash}`);
  if (to === paths.home) return safeRedirect(url.searchParams.get(REDIRECT_PARAM)) ?? to;
  return to;
}

/**
 * The loader of a guarded route: sends to sign-in (which comes back to `url` afterwards), or
 * fails with 403, or lets the page load.
 */
export async function guard(names: readonly string[], params: Params, url?: URL): Promise<null> {
  const outcome = evaluateGuards(names, await loadCurrentUser(), params);
  if ('redirect' in outcome) throw redirect(url ? onward(outcome.redirect, url) : outcome.redirect);
  if ('forbidden' in outcome) throw forbidden();
  return null;
}

/** A page's code; a chunk of an older build that is gone means a new build: reload once. */
async function loadPage(route: PageRoute) {
  try {
    return { Component: (await route.page()).default };
  } catch (error) {
    if (mayReload(window.location.pathname)) window.location.reload();
    throw error;
  }
}

function toRouteObject(route: PageRoute): RouteObject {
  return {
    path: route.path,
    handle: { title: route.title, scheme: route.scheme } satisfies RouteHandle,
    loader: ({ params, request }) => guard(route.guards, params, new URL(request.url)),
    lazy: () => loadPage(route),
    errorElement: <ErrorPage />,
  };
}

const catchAll: RouteObject = {
  path: '*',
  loader: ({ request }) => {
    throw notFound(new URL(request.url).pathname);
  },
  errorElement: <ErrorPage />,
};

export function createRoutes(): RouteObject[] {
  const layouts = (Object.keys(LAYOUTS) as LayoutName[]).map((name) => {
    const children = pageRoutes.filter((route) => route.layout === name).map(toRouteObject);
    const Layout = LAYOUTS[name];
    return { element: <Layout />, children: name === 'default' ? [...children, catchAll] : children };
  });
  return [{ element: <Root />, errorElement: <ErrorPage />, children: layouts }];
}

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  setNavigator((to, options) => router.navigate(to, options));
  router.subscribe((state) => {
    const next = state.navigation.location;
    if (state.navigation.state === 'loading' && next && shouldReload(next.pathname)) {
      window.location.assign(createPath(next));
    }
  });
  return router;
}
