//! Every path the UI knows, in one place: pages (router) and API endpoints (client).

/** Pages of the SPA (spec §2). */
export const paths = {
  home: '/',
  login: '/auth/login',
  verifyEmail: '/verify-email',
  help: '/help',
  settings: '/settings',
  settingsUi: '/settings/ui',
} as const;

/** Server endpoints the shell calls itself (product calls live in their features). */
export const endpoints = {
  health: '/api/health',
  currentUser: '/api/user',
  csrfCookie: '/sanctum/csrf-cookie',
} as const;
