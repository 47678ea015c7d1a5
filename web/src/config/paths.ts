import type { Language } from '@studio/contracts/constants';
import { LANGUAGES } from '@studio/contracts/constants';

/** Path prefix of a language: English has none. */
export function langPrefix(lang: Language): string {
  return lang === 'en' ? '' : `/${lang}`;
}

/** Puts an unprefixed app path ("/login") under a language ("/zh/login"). */
export function localize(path: string, lang: Language): string {
  const prefixed = `${langPrefix(lang)}${path === '/' ? '' : path}`;
  return prefixed === '' ? '/' : prefixed;
}

/** Splits "/zh/login" into the language and the unprefixed path "/login". */
export function splitLang(pathname: string): { lang: Language; rest: string } {
  const match = /^\/(zh|ja)(?=\/|$)/.exec(pathname);
  if (!match) return { lang: 'en', rest: pathname || '/' };
  const rest = pathname.slice(match[0].length);
  return { lang: match[1] as Language, rest: rest === '' ? '/' : rest };
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** A redirect target is only ever a path of this site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Every route of the app, as the router pattern (relative to the language root) and a link builder. */
export const paths = {
  home: { path: '', getHref: (lang: Language) => localize('/', lang) },
  price: { path: 'price', getHref: (lang: Language) => localize('/price', lang) },
  pricing: { path: 'pricing', getHref: (lang: Language) => localize('/pricing', lang) },
  textColoringPage: { path: 'text-coloring-page', getHref: (lang: Language) => localize('/text-coloring-page', lang) },
  imageColoringPage: { path: 'image-coloring-page', getHref: (lang: Language) => localize('/image-coloring-page', lang) },
  categories: { path: 'categories', getHref: (lang: Language) => localize('/categories', lang) },
  category: { path: 'categories/:categoryId', getHref: (lang: Language, id: string) => localize(`/categories/${encodeURIComponent(id)}`, lang) },
  categoryImage: {
    path: 'categories/:categoryId/:imageId',
    getHref: (lang: Language, categoryId: string, imageId: string) =>
      localize(`/categories/${encodeURIComponent(categoryId)}/${encodeURIComponent(imageId)}`, lang),
  },
  image: { path: 'image/:imageId', getHref: (lang: Language, id: string) => localize(`/image/${encodeURIComponent(id)}`, lang) },
  colour: { path: 'image/:imageId/colour', getHref: (lang: Language, id: string) => localize(`/image/${encodeURIComponent(id)}/colour`, lang) },
  blog: { path: 'blog', getHref: (lang: Language) => localize('/blog', lang) },
  blogPost: { path: 'blog/:slug', getHref: (lang: Language, slug: string) => localize(`/blog/${encodeURIComponent(slug)}`, lang) },
  creations: { path: 'creations', getHref: (lang: Language) => localize('/creations', lang) },
  privacy: { path: 'privacy-policy', getHref: (lang: Language) => localize('/privacy-policy', lang) },
  terms: { path: 'terms', getHref: (lang: Language) => localize('/terms', lang) },
  refund: { path: 'refund-policy', getHref: (lang: Language) => localize('/refund-policy', lang) },
  register: { path: 'register', getHref: (lang: Language) => localize('/register', lang) },
  login: {
    path: 'login',
    getHref: (lang: Language, query: { redirectTo?: string; reason?: string } = {}) => withQuery(localize('/login', lang), query),
  },
  forgotPassword: { path: 'forgot-password', getHref: (lang: Language) => localize('/forgot-password', lang) },
  resetPassword: { path: 'reset-password', getHref: (lang: Language) => localize('/reset-password', lang) },
  profile: { path: 'profile', getHref: (lang: Language) => localize('/profile', lang) },
  testAuth: { path: 'test-auth', getHref: (lang: Language) => localize('/test-auth', lang) },
} as const;
