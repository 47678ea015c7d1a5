import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import type { BlogPost } from '../api/blog-api';
import { formatPostDate } from '../lib/format-post-date';
import type { AsyncState } from '../lib/use-async';
import { sanitizeHtml } from '../lib/sanitize-html';
import { PostCover } from './post-cover';

/** Body styles of the article (no typography plugin: the few elements the allowlist keeps). */
const bodyClass = [
  'mt-8 text-lg leading-relaxed text-slate-800',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:font-bold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700',
  '[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base [&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:p-2 [&_th]:text-left [&_td]:border-b [&_td]:border-slate-200 [&_td]:p-2 [&_td]:align-top',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_hr]:my-8 [&_hr]:border-slate-200 [&_em]:italic',
].join(' ');

function Breadcrumb({ title }: { title: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-label={t('blog.breadcrumb')} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <li>
          <Link to={paths.home.getHref(lang)} className="rounded hover:text-brand-700 hover:underline">
            {t('blog.home')}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={paths.blog.getHref(lang)} className="rounded hover:text-brand-700 hover:underline">
            {t('blog.title')}
          </Link>
        </li>
        {title ? (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="line-clamp-1 font-semibold text-slate-800">
              {title}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

function BackToBlog() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Link to={paths.blog.getHref(lang)} className={buttonClass('secondary')} data-testid="back-to-blog">
      <span aria-hidden="true">←</span>
      {t('blog.back')}
    </Link>
  );
}

/** /blog/{slug}: one article; its HTML is sanitised again here, right before it reaches the DOM. */
export function BlogPostView({ state, retry }: { state: AsyncState<BlogPost | null>; retry: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const post = state.status === 'ready' ? state.value : null;
  const html = useMemo(() => (post ? sanitizeHtml(post.content) : ''), [post]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb title={post?.title ?? null} />
      {state.status === 'loading' ? (
        <div className="flex min-h-[40vh] items-center justify-center text-brand-600">
          <Spinner className="size-8" label={t('common.loading')} />
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-3xl bg-rose-50 p-6 ring-1 ring-rose-200" role="alert" data-testid="blog-error">
          <div>
            <p className="font-semibold text-rose-900">{t('blog.postLoadFailed')}</p>
            <p className="mt-1 text-sm text-rose-900">{errorText(t, state.error)}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={retry}>
              {t('blog.retry')}
            </Button>
            <BackToBlog />
          </div>
        </div>
      ) : null}
      {state.status === 'ready' && !post ? (
        <div className="mt-8 rounded-3xl bg-white p-8 text-center ring-1 ring-slate-200" data-testid="blog-post-missing">
          <h1 className="text-2xl font-bold text-slate-900">{t('blog.notFoundTitle')}</h1>
          <p className="mt-2 text-slate-600">{t('blog.notFoundBody')}</p>
          <div className="mt-6">
            <BackToBlog />
          </div>
        </div>
      ) : null}
      {post ? (
        <article className="mt-6" data-testid="blog-article">
          <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 flex flex-col text-slate-600 sm:flex-row sm:gap-x-2">
            <span>{t('blog.byAuthor', { author: post.author })}</span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <time dateTime={post.published_date}>{formatPostDate(post.published_date, lang)}</time>
          </p>
          <PostCover src={post.featured_image} alt={t('blog.coverAlt', { title: post.title })} eager className="mt-8" />
          <div className={bodyClass} data-testid="blog-body" dangerouslySetInnerHTML={{ __html: html }} />
          <div className="mt-12 border-t border-slate-200 pt-8">
            <BackToBlog />
          </div>
        </article>
      ) : null}
    </div>
  );
}
