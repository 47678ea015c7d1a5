import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { BLOG_PAGE_SIZE, fetchBlogPosts, type BlogPost } from '../api/blog-api';
import { formatPostDate } from '../lib/format-post-date';
import { useAsync } from '../lib/use-async';
import { PostCover } from './post-cover';

function PostCard({ post, index }: { post: BlogPost; index: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const href = paths.blogPost.getHref(lang, post.slug);
  return (
    <article className="flex flex-col overflow-hidden rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="blog-card">
      <Link to={href} state={{ post }} tabIndex={-1} aria-label={post.title}>
        <PostCover src={post.featured_image} alt="" eager={index < 3} />
      </Link>
      <div className="flex flex-1 flex-col px-1 pt-4">
        <p className="flex flex-col text-sm text-slate-600">
          <time dateTime={post.published_date} className="font-semibold text-slate-700">
            {formatPostDate(post.published_date, lang)}
          </time>
          <span>{t('blog.byAuthor', { author: post.author })}</span>
        </p>
        <h2 className="mt-2 text-xl font-bold leading-snug text-slate-900">
          <Link to={href} state={{ post }} className="rounded hover:text-brand-700">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 text-slate-700" data-testid="blog-excerpt">
          {post.excerpt}
        </p>
        <Link to={href} state={{ post }} className="mt-4 inline-flex w-fit items-center gap-1 rounded font-semibold text-brand-700 hover:text-brand-800" aria-label={t('blog.readMoreAbout', { title: post.title })}>
          {t('blog.readMore')}
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

function CardSkeleton() {
  return (
    <div className="animate-pulse rounded-3xl bg-white p-4 ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-video rounded-2xl bg-slate-100" />
      <div className="mt-4 h-4 w-1/2 rounded bg-slate-100" />
      <div className="mt-3 h-6 w-5/6 rounded bg-slate-100" />
      <div className="mt-3 h-4 rounded bg-slate-100" />
      <div className="mt-2 h-4 w-4/5 rounded bg-slate-100" />
    </div>
  );
}

/** /blog: published posts newest first, with the spec's pagination and the total count. */
export function BlogList() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { state, retry } = useAsync(`${lang}:${page}`, (signal) => fetchBlogPosts(lang, page, signal));

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('blog.title')}</h1>
        <p className="mt-3 text-lg text-slate-600">{t('blog.intro')}</p>
        {state.status === 'ready' && state.value.total > 0 ? (
          <p className="mt-3 text-sm font-semibold text-slate-600" data-testid="blog-total">
            {t('blog.total', { total: formatNumber(state.value.total, lang) })}
          </p>
        ) : null}
      </header>

      {state.status === 'loading' ? (
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((item) => (
            <CardSkeleton key={item} />
          ))}
        </div>
      ) : null}

      {state.status === 'error' ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-3xl bg-rose-50 p-6 ring-1 ring-rose-200" role="alert" data-testid="blog-error">
          <div>
            <p className="font-semibold text-rose-900">{t('blog.loadFailed')}</p>
            <p className="mt-1 text-sm text-rose-900">{errorText(t, state.error)}</p>
          </div>
          <Button variant="secondary" onClick={retry}>
            {t('blog.retry')}
          </Button>
        </div>
      ) : null}

      {state.status === 'ready' && state.value.posts.length === 0 ? (
        <div className="mt-8 rounded-3xl bg-white p-8 text-center ring-1 ring-slate-200" data-testid="blog-empty">
          <p className="text-lg font-semibold text-slate-900">{page > 1 ? t('blog.emptyPage') : t('blog.empty')}</p>
          {page > 1 ? (
            <Button variant="secondary" className="mt-4" onClick={() => goTo(1)}>
              {t('blog.firstPage')}
            </Button>
          ) : (
            <Link to={paths.textColoringPage.getHref(lang)} className={buttonClass('primary', 'mt-4')}>
              {t('blog.emptyCta')}
            </Link>
          )}
        </div>
      ) : null}

      {state.status === 'ready' && state.value.posts.length > 0 ? (
        <>
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {state.value.posts.map((post, index) => (
              <PostCard key={post.post_id} post={post} index={index} />
            ))}
          </div>
          <div className="mt-10">
            <Pagination currentPage={page} totalPages={Math.ceil(state.value.total / BLOG_PAGE_SIZE)} onChange={goTo} />
          </div>
        </>
      ) : null}
    </div>
  );
}
