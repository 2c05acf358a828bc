//! Programmatic navigation for code outside React (the API client): inside the app via the
//! router, to another site only when the caller allows it explicitly.

type Navigate = (to: string, options: { replace: boolean }) => unknown;

let routerNavigate: Navigate | null = null;

/** The router registers itself here once it exists. */
export function setNavigator(navigate: Navigate) {
  routerNavigate = navigate;
}

export interface NavigateOptions {
  replace?: boolean;
  /** Allows leaving the portal for another origin. */
  external?: boolean;
}

export function isExternal(to: string): boolean {
  return new URL(to, window.location.href).origin !== window.location.origin;
}

/** Goes to `to`; a different origin is refused unless `external` is set. */
export function navigateTo(to: string, { replace = false, external = false }: NavigateOptions = {}) {
  if (isExternal(to)) {
    if (!external) throw new Error(`External navigation to ${to} is not allowed; pass { external: true }.`);
    if (replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  if (routerNavigate) routerNavigate(to, { replace });
  else window.location.assign(to);
}
