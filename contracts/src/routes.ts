/** API paths, shared by the server's routes and the web's client. */
export const apiPaths = {
  blogPosts: '/api/blog/posts',
  register: '/api/auth/register',
  login: '/api/auth/login',
  google: '/api/auth/google',
  refreshToken: '/api/auth/refresh-token',
  logout: '/api/auth/logout',
  googleLogout: '/api/auth/googlelogout',
  profile: '/api/users/profile',
  updateProfile: '/api/users/update',
  avatar: '/api/users/avatar',
  /** Deletes the signed-in account and everything of it (decision 051). */
  deleteAccount: '/api/users/delete-account',
  /** A ZIP of the signed-in account's pages, photos, coloured pictures, orders and profile. */
  exportData: '/api/users/export',
  forgotPassword: '/api/users/forgot-password',
  validateResetToken: (token: string) => `/api/users/validate-reset-token/${encodeURIComponent(token)}`,
  resetPassword: '/api/users/reset-password',
  clientConfig: '/api/config',
  createOrder: '/api/payment/order',
  capture: (orderId: string) => `/api/payment/capture/${encodeURIComponent(orderId)}`,
  chargeRecord: '/api/payment/chargerecord',
  /** A paid order's invoice (PDF), in the reader's language. */
  invoice: (orderId: string, lang: 'en' | 'zh' | 'ja') => `/api/payment/orders/${encodeURIComponent(orderId)}/invoice?lang=${lang}`,
  recharge: '/api/recharge/recharge',
  cancelSubscription: '/api/subscription/cancel',
  subscription: '/api/subscription',
  paymentWebhook: '/api/payment/webhook',
  text2img: '/api/images/text2imggenerate',
  img2img: '/api/images/img2imggenerate',
  /** Where a `crop` page would sit on a photo, before paying (decision 059). */
  photoFrame: '/api/images/photo-frame',
  taskStatus: (taskId: string, type: 'text2image' | 'image2image') => `/api/images/tasks/${encodeURIComponent(taskId)}?type=${type}`,
  userImages: '/api/images/userImg',
  images: '/api/images',
  examples: (type: 'text2image' | 'image2image') => `/api/images/examples?type=${type}`,
  image: (id: string) => `/api/images/${encodeURIComponent(id)}`,
  report: '/api/images/report',
  /** The owner's short-lived link to the photo a page was traced from (never anyone else's). */
  original: (id: string) => `/api/images/${encodeURIComponent(id)}/original`,
  styleSuggestions: (lang: 'en' | 'zh' | 'ja') => `/api/images/style-suggestions?lang=${lang}`,
  improvePrompt: '/api/images/improve-prompt',
  download: (id: string, format: 'png' | 'pdf' | 'svg', paper?: 'letter' | 'a4') =>
    `/api/images/${encodeURIComponent(id)}/download?format=${format}${paper ? `&paper=${paper}` : ''}`,
  /** A page's colour-by-number sheet or its solution (the same download route, decision 031). */
  downloadVariant: (id: string, variant: 'numbers' | 'solution', format: 'png' | 'pdf', paper?: 'letter' | 'a4') =>
    `/api/images/${encodeURIComponent(id)}/download?variant=${variant}&format=${format}${paper ? `&paper=${paper}` : ''}`,
  /** A booklet PDF of several pages (print packs); the query is built by `bookletPath` in packs.ts. */
  booklet: '/api/packs/booklet',
  health: '/healthz',
  ready: '/readyz',
} as const;
