import { LANGUAGES, type Language } from '@studio/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localize, splitLang } from '../../config/paths';
import { ensureLanguage, htmlLang, storeLanguage } from '../../lib/i18n';

/** Stores the preference and moves to the same page under the chosen prefix. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { lang, rest } = splitLang(location.pathname);

  const choose = (next: Language) => {
    storeLanguage(next);
    if (next === lang) return;
    // Load the messages first so the new page renders in its language at once.
    void ensureLanguage(next).then(() => navigate(`${localize(rest, next)}${location.search}${location.hash}`));
  };

  return (
    <label className={`relative items-center ${className || 'inline-flex'}`}>
      <span className="sr-only">{t('nav.language')}</span>
      <svg className="pointer-events-none absolute left-2.5 size-4 text-slate-500" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <select
        value={lang}
        onChange={(event) => choose(event.target.value as Language)}
        className="min-h-10 cursor-pointer appearance-none rounded-full border border-slate-200 bg-white py-1.5 pl-8 pr-3 text-sm font-medium text-slate-700 hover:border-slate-300"
        data-testid="language-switcher"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={htmlLang[code]}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
