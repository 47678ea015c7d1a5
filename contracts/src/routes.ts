/** API paths, shared by the server's routes and the web's client. */
export const apiPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  google: '/api/auth/google',
  refreshToken: '/api/auth/refresh-token',
  logout: '/api/auth/logout',
  googleLogout: '/api/auth/googlelogout',
  profile: '/api/users/profile',
  updateProfile: '/api/users/update',
  avatar: '/api/users/avatar',
  forgotPassword: '/api/users/forgot-password',
  validateResetToken: (token: string) => `/api/users/validate-reset-token/${encodeURIComponent(token)}`,
  resetPassword: '/api/users/reset-password',
  clientConfig: '/api/config',
  health: '/healthz',
} as const;
