//! Every path the UI knows, in one place: pages (router) and API endpoints (client).

/** Pages of the SPA (spec §2). */
export const paths = {
  home: '/',
  login: '/auth/login',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verifyEmail: '/verify-email',
  help: '/help',
  settings: '/settings',
  settingsUi: '/settings/ui',
  settingsPassword: '/settings/password',
  mailHistory: '/history/mail',
  users: '/users',
  userCreate: '/users/create',
  usersImport: '/users/import',
  user: '/users/:id',
  userUpdate: '/users/:id/update',
  userParents: '/users/:id/parents',
  userChildren: '/users/:id/children',
  userFiles: '/users/:id/files',
  tags: '/tags',
  profile: '/profile',
} as const;

/** Server endpoints (DESIGN §4): the sign-in forms' calls sit at the root, the rest under /api/. */
export const endpoints = {
  health: '/api/health',
  currentUser: '/api/user',
  csrfCookie: '/sanctum/csrf-cookie',
  login: '/login',
  logout: '/api/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  resendVerification: '/api/email/verification-notification',
  verifyEmail: '/api/email/verify',
  changePassword: '/api/user/password',
  endOtherSessions: '/api/user/other-sessions/logout',
  mailHistory: '/api/history/mail',
  users: '/api/users',
  usersImport: '/api/users/import/csv',
  tags: '/api/tags',
  leaveImpersonation: '/api/impersonation/leave',
} as const;
