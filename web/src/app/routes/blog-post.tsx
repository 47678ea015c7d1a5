import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { fetchBlogPost, type BlogPost } from '../../features/blog/api/blog-api';
import { BlogPostView } from '../../features/blog/components/blog-post-view';
import { useAsync } from '../../features/blog/lib/use-async';
import { useLang } from '../../lib/use-lang';
import { usePageMeta } from '../../lib/use-page-meta';

/** The article the list passed along in the navigation state, if it is this one. */
function passedPost(state: unknown, slug: string, lang: string): BlogPost | null {
  const post = (state as { post?: BlogPost } | null)?.post;
  return post && post.slug === slug && post.lang === lang && typeof post.content === 'string' ? post : null;
}

export function BlogPostRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const slug = useParams().slug ?? '';
  const passed: unknown = useLocation().state;
  // The list hands its article along; a direct visit fetches it by slug.
  const { state, retry } = useAsync(`${lang}:${slug}`, async (signal) => {
    return passedPost(passed, slug, lang) ?? fetchBlogPost(lang, slug, signal);
  });
  const post = state.status === 'ready' ? state.value : null;
  usePageMeta({
    title: post ? post.meta_title || post.title : state.status === 'ready' ? t('blog.notFoundTitle') : null,
    description: post ? post.meta_description || post.excerpt : null,
    path: post ? paths.blogPost.getHref(lang, post.slug) : null,
  });
  if (!slug) return <Navigate to={paths.blog.getHref(lang)} replace />;
  return <BlogPostView state={state} retry={retry} />;
}
