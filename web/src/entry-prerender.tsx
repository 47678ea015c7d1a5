import { LANGUAGES, type Language } from '@studio/contracts/constants';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { routes } from './app/router';
import { localize } from './config/paths';
import { AuthProvider } from './lib/auth';
import { htmlLang } from './lib/i18n';

/**
 * Build-time rendering of the public entry pages (signed-out view), so the first paint needs no
 * JavaScript. The client then renders the same markup over it (see main.tsx).
 */
const messages: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en'),
  zh: () => import('./locales/zh'),
  ja: () => import('./locales/ja'),
};
export const prerenderPaths = ['/', '/login', '/register', '/forgot-password'];

export async function renderPage(lang: Language, path: string): Promise<{ url: string; html: string; lang: string; title: string }> {
  const url = localize(path, lang);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: (await messages[lang]()).default } },
    lng: lang,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <AuthProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AuthProvider>
    </I18nextProvider>,
  );
  return { url, html, lang: htmlLang[lang], title: i18n.t('app.name') };
}

export const languages = LANGUAGES;
