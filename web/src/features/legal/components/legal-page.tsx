import type { Language } from '@studio/contracts/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useClientConfig } from '../../../lib/client-config';
import { useLang } from '../../../lib/use-lang';
import { useAsync } from '../../blog/lib/use-async';
import { loadLegalText, type LegalPage } from '../lib/legal-texts';
import { MarkdownBlocks, parseBlocks, renderInline, type Block } from '../lib/simple-markdown';

/** The date the texts were last changed; shown on every legal page. */
export const LEGAL_UPDATED = '2026-11-23';

const bodyClass = [
  'text-base leading-relaxed text-slate-800 sm:text-lg',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-slate-900',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
].join(' ');

const others: Record<LegalPage, LegalPage[]> = { privacy: ['terms', 'refund'], terms: ['privacy', 'refund'], refund: ['terms', 'privacy'] };
const hrefOf = (page: LegalPage, lang: Language) => ({ privacy: paths.privacy, terms: paths.terms, refund: paths.refund })[page].getHref(lang);

function formatUpdated(lang: Language): string {
  return new Intl.DateTimeFormat({ en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' }[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));
}

/** One legal page: its title, the date, a table of contents and the text in the page's language. */
export function LegalPageView({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useClientConfig();
  const { state, retry } = useAsync(`${lang}:${page}`, () => loadLegalText(lang, page));
  const email = config?.contactEmail ?? '';
  const blocks = useMemo(() => {
    if (state.status !== 'ready') return [];
    const site = typeof window === 'undefined' ? '' : window.location.origin;
    return parseBlocks(state.value, {
      // The address comes from the server's configuration (CONTACT_EMAIL).
      emailLink: email ? `[${email}](mailto:${email})` : t('legal.emailPending'),
      site,
      privacyUrl: hrefOf('privacy', lang),
      termsUrl: hrefOf('terms', lang),
      refundUrl: hrefOf('refund', lang),
      pricingUrl: paths.price.getHref(lang),
      profileUrl: paths.profile.getHref(lang),
    });
  }, [state, email, lang, t]);
  const headings = blocks.filter((block): block is Extract<Block, { kind: 'h2' | 'h3' }> => block.kind === 'h2');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14" data-testid={`legal-${page}`}>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t(`legal.${page}.title`)}</h1>
      <p className="mt-3 text-sm text-slate-600">{t('legal.lastUpdated', { date: formatUpdated(lang) })}</p>
      <p className="mt-4 text-lg text-slate-700">{t(`legal.${page}.summary`)}</p>

      {state.status === 'loading' ? (
        <div className="mt-10 space-y-3" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((line) => (
            <div key={line} className="h-4 animate-pulse rounded bg-slate-100" style={{ width: `${90 - line * 7}%` }} />
          ))}
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-3xl bg-rose-50 p-6 ring-1 ring-rose-200" role="alert">
          <p className="font-semibold text-rose-900">{t('legal.loadFailed')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('legal.retry')}
          </Button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          {headings.length > 2 ? (
            <nav aria-label={t('legal.contents')} className="mt-8 rounded-3xl bg-white p-5 ring-1 ring-slate-200">
              <h2 className="text-sm font-bold uppercase tracking-wide text-slate-600">{t('legal.contents')}</h2>
              <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
                {headings.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`} className="rounded text-brand-700 hover:underline">
                      {renderInline(heading.text)}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className={`mt-4 ${bodyClass}`} data-testid="legal-body">
            <MarkdownBlocks blocks={blocks} />
          </div>
        </>
      ) : null}

      <nav aria-label={t('legal.related')} className="mt-12 flex flex-wrap gap-3 border-t border-slate-200 pt-6 text-sm">
        {others[page].map((other) => (
          <Link key={other} to={hrefOf(other, lang)} className="rounded font-semibold text-brand-700 hover:underline">
            {t(`legal.${other}.title`)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
