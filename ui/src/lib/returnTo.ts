//! Where to go after signing in: the page that asked for it, carried in the sign-in page's
//! `redirect` query. Only a path of this portal is followed; anything that could leave the site
//! (`//evil`, `https://…`, `/\evil`, control characters) or loop back to the sign-in forms is not.
import { paths } from '../paths';

export const REDIRECT_PARAM = 'redirect';

/** A same-origin path (with its query and hash) to go to, or null when `raw` is not one. */
export function safeRedirect(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read `\` as `/` (`/\evil` is `//evil`) and drop tabs and newlines inside URLs.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that brings the user back to `from` (a path of this portal) afterwards. */
export function signInFor(from: string): string {
  const back = safeRedirect(from);
  if (!back || back === paths.home) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: back }).toString()}`;
}
