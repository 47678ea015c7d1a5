import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useClientConfig } from '../../lib/client-config';
import { categoryName, columns, usePopularCategories } from '../../lib/popular-categories';
import { useLang } from '../../lib/use-lang';
import { LogoMark } from '../ui/logo';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useClientConfig();
  const categories = usePopularCategories();
  const link = 'text-sm text-slate-600 hover:text-brand-700';
  const heading = 'text-sm font-semibold text-slate-900';
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-1">
          <Link to={paths.home.getHref(lang)} className="flex items-center gap-2 font-bold text-brand-900">
            <LogoMark />
            {t('app.name')}
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-slate-600">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.tools')}>
          <h2 className={heading}>{t('footer.tools')}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={link} to={paths.textColoringPage.getHref(lang)}>{t('nav.textPage')}</Link></li>
            <li><Link className={link} to={paths.imageColoringPage.getHref(lang)}>{t('nav.imagePage')}</Link></li>
            <li><Link className={link} to={paths.categories.getHref(lang)}>{t('nav.freePages')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.company')}>
          <h2 className={heading}>{t('footer.company')}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={link} to={paths.price.getHref(lang)}>{t('nav.pricing')}</Link></li>
            <li><Link className={link} to={paths.blog.getHref(lang)}>{t('nav.blog')}</Link></li>
            {config?.contactEmail ? (
              <li>
                <a className={link} href={`mailto:${config.contactEmail}`} data-testid="contact-email">
                  {t('footer.contactEmail', { email: config.contactEmail })}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className={heading}>{t('footer.legal')}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={link} to={paths.privacy.getHref(lang)}>{t('footer.privacy')}</Link></li>
            <li><Link className={link} to={paths.terms.getHref(lang)}>{t('footer.terms')}</Link></li>
            <li><Link className={link} to={paths.refund.getHref(lang)}>{t('footer.refund')}</Link></li>
          </ul>
        </nav>
      </div>
      {categories.length > 0 ? (
        <nav aria-label={t('nav.popularCategories')} className="border-t border-slate-100">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
            <h2 className={heading}>{t('nav.popularCategories')}</h2>
            <div className="mt-3 grid grid-cols-2 gap-x-6 sm:grid-cols-3" data-testid="footer-categories">
              {columns(categories, 3, 7).map((column, index) => (
                <ul key={index} className="space-y-2">
                  {column.map((category) => (
                    <li key={category.slug}>
                      <Link className={link} to={paths.category.getHref(lang, category.slug)}>
                        {categoryName(category, lang)}
                      </Link>
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </div>
        </nav>
      ) : null}
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
