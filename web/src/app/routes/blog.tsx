import { useTranslation } from 'react-i18next';
import { BlogList } from '../../features/blog/components/blog-list';
import { paths } from '../../config/paths';
import { useLang } from '../../lib/use-lang';
import { usePageMeta } from '../../lib/use-page-meta';

export function BlogRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageMeta({ title: t('blog.metaTitle'), description: t('blog.metaDescription'), path: paths.blog.getHref(lang) });
  return <BlogList />;
}
