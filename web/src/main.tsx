import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { localize, splitLang } from './config/paths';
import { initI18n, preferredLanguage } from './lib/i18n';
import './index.css';

// An unprefixed entry URL follows the stored preference (or the browser language when none is stored).
const { lang, rest } = splitLang(window.location.pathname);
let pageLang = lang;
if (lang === 'en') {
  const preferred = preferredLanguage();
  if (preferred !== 'en') {
    window.history.replaceState(null, '', `${localize(rest, preferred)}${window.location.search}${window.location.hash}`);
    pageLang = preferred;
  }
}
void initI18n(pageLang).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
