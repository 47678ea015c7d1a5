import { LANGUAGES, type Language } from '@studio/contracts/constants';
import type { CategoryDto, ImageListDto } from '@studio/contracts/images';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { routes } from './app/router';
import { localize } from './config/paths';
import { categoryPageData } from './features/library/lib/category-page-data';
import { AuthProvider } from './lib/auth';
import { htmlLang } from './lib/i18n';
import { INITIAL_DATA_ID, InitialDataProvider, serializeInitialData } from './lib/initial-data';

/**
 * Server rendering of public pages (signed-out view), so the first paint needs no JavaScript:
 * at build time for the entry pages (web/scripts/prerender.mjs), and by the server at request
 * time for the category pages, with the data they show. The client then renders the same markup
 * over it (see app/start.tsx).
 */
const messages: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en'),
  zh: () => import('./locales/zh'),
  ja: () => import('./locales/ja'),
};
export const prerenderPaths = ['/', '/login', '/register', '/forgot-password'];

// One i18next instance per language: the server never changes an instance's language.
const instances = new Map<Language, Promise<I18n>>();
function i18nFor(lang: Language): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = (async () => {
      const i18n = createInstance();
      await i18n.use(initReactI18next).init({
        resources: { [lang]: { translation: (await messages[lang]()).default } },
        lng: lang,
        fallbackLng: false,
        initAsync: false,
        interpolation: { escapeValue: false },
      });
      return i18n;
    })();
    instances.set(lang, instance);
  }
  return instance;
}

export interface RenderedPage {
  url: string;
  html: string;
  lang: string;
  title: string;
  /** The JSON the client starts from (lib/initial-data), or null when the page had no data. */
  initialData: string | null;
}

export async function renderPage(lang: Language, path: string, data: Record<string, unknown> = {}): Promise<RenderedPage> {
  const url = localize(path, lang);
  const i18n = await i18nFor(lang);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <InitialDataProvider value={new Map(Object.entries(data))}>
        <AuthProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </InitialDataProvider>
    </I18nextProvider>,
  );
  return { url, html, lang: htmlLang[lang], title: i18n.t('app.name'), initialData: Object.keys(data).length ? serializeInitialData(data) : null };
}

/** A category page (`param` as in its URL: slug or raw id) with its category and first images. */
export function renderCategoryPage(lang: Language, param: string, category: CategoryDto, firstPage: ImageListDto): Promise<RenderedPage> {
  return renderPage(lang, `/categories/${encodeURIComponent(param)}`, categoryPageData(param, category, firstPage));
}

export const languages = LANGUAGES;

/**
 * The whole document: the rendered markup inside the built index.html's root (marked, so /boot.js
 * starts the app after the first paint), and the data block when the page has data.
 */
export function composeDocument(template: string, page: RenderedPage): string {
  // Until the app runs, forms cannot submit (a native submit would put the fields in the URL).
  const html = page.html.replace(/<form(?![^>]*method=)/g, '<form method="post"').replace(/<button type="submit"/g, '<button type="submit" disabled');
  const data = page.initialData === null ? '' : `<script type="application/json" id="${INITIAL_DATA_ID}">${page.initialData}</script>`;
  return template.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`).replace('<div id="root"></div>', () => `<div id="root" data-prerendered="">${html}</div>${data}`);
}

export { CATEGORY_PAGE_SIZE as categoryPageSize } from './features/library/lib/category-page-data';
