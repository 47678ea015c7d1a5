import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { BackToTop } from '../components/layout/back-to-top';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { ProgressBar } from '../components/layout/progress-bar';
import { splitLang } from '../config/paths';
import { ensureLanguage, htmlLang } from '../lib/i18n';

/** The site frame around every page, in the language of the path prefix. */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const { lang } = splitLang(location.pathname);

  useLayoutEffect(() => {
    let live = true;
    void ensureLanguage(lang).then(() => {
      if (!live) return;
      if (i18n.language !== lang) void i18n.changeLanguage(lang);
      document.documentElement.lang = htmlLang[lang];
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <ProgressBar loading={navigation.state !== 'idle'} />
      <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}
