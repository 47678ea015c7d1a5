import type { Language, Localized } from '@studio/contracts/constants';

/** What the server writes into <head> for one public page, before any script runs. */
export interface PageMeta {
  status: 200 | 404;
  lang: Language;
  title: string;
  description: string;
  canonical: string;
  /** hreflang alternates, x-default included; none for pages that are not indexed. */
  alternates: { hreflang: string; href: string }[];
  image: string | null;
  robots: 'index,follow' | 'noindex,follow';
  jsonLd: object[];
}

export interface SeoCategory {
  slug: string;
  displayName: Localized;
  seoTitle: Localized;
  seoDesc: Localized;
}

export interface SeoImage {
  id: string;
  slug: string;
  title: Localized;
  description: Localized;
  thumbnailUrl: string;
  coloringUrl: string;
  categorySlug: string | null;
  width: number;
  height: number;
}

/** Reads what a page needs; only public, online things are ever returned. */
export interface SeoData {
  category(slugOrId: string): Promise<SeoCategory | null>;
  image(slugOrId: string): Promise<SeoImage | null>;
  blogPost(slug: string, lang: Language): Promise<{ title: string; headline: string; description: string; image: string | null; author: string; published: string } | null>;
}

const SITE: Localized = { en: 'Coloring Studio', zh: 'Coloring Studio 涂色工坊', ja: 'Coloring Studio ぬりえ工房' };

type StaticPage = { title: Localized; description: Localized; indexed: boolean };
const STATIC: Record<string, StaticPage> = {
  '/': {
    title: { en: 'Free Coloring Pages & AI Coloring Page Maker', zh: '免费涂色页与 AI 涂色页生成器', ja: '無料ぬりえ＆AIぬりえメーカー' },
    description: {
      en: 'Print free coloring pages by category, or turn any idea or photo into a printable black-and-white coloring page in seconds.',
      zh: '按分类免费打印涂色页，或在几秒钟内把任何想法或照片变成可打印的黑白涂色页。',
      ja: 'カテゴリ別の無料ぬりえを印刷したり、アイデアや写真を数秒で印刷できる白黒のぬりえにしたりできます。',
    },
    indexed: true,
  },
  '/categories': {
    title: { en: 'Free Coloring Pages by Category', zh: '按分类浏览免费涂色页', ja: 'カテゴリ別の無料ぬりえ' },
    description: {
      en: 'Browse free printable coloring pages for kids and adults: animals, dinosaurs, unicorns, vehicles, mandalas and more.',
      zh: '浏览适合儿童和成人的免费可打印涂色页：动物、恐龙、独角兽、交通工具、曼陀罗等。',
      ja: '子どもから大人まで楽しめる無料の印刷用ぬりえ：動物、恐竜、ユニコーン、乗り物、マンダラなど。',
    },
    indexed: true,
  },
  '/text-coloring-page': {
    title: { en: 'Text to Coloring Page Generator', zh: '文字生成涂色页', ja: 'テキストからぬりえを作成' },
    description: {
      en: 'Describe any scene and get a printable coloring page with clean, closed outlines, sized for Letter or A4 paper.',
      zh: '描述任何场景，即可得到线条清晰闭合、适合 Letter 或 A4 纸的可打印涂色页。',
      ja: '好きな場面を言葉で書くだけで、線が閉じたきれいな印刷用ぬりえができます。レター・A4 対応。',
    },
    indexed: true,
  },
  '/image-coloring-page': {
    title: { en: 'Photo to Coloring Page Converter', zh: '照片转涂色页', ja: '写真をぬりえに変換' },
    description: {
      en: 'Upload a photo and turn it into a printable black-and-white coloring page with outlines set for your child’s age.',
      zh: '上传照片，把它变成适合孩子年龄的黑白线稿涂色页，可直接打印。',
      ja: '写真をアップロードすると、お子さまの年齢に合った線の白黒ぬりえに変わります。',
    },
    indexed: true,
  },
  '/price': {
    title: { en: 'Pricing: Free, Lite, Pro and Max Plans', zh: '价格：免费版、Lite、Pro 与 Max', ja: '料金：Free・Lite・Pro・Max プラン' },
    description: {
      en: 'Start free with 50 credits a month. Paid plans add thousands of credits, private pages and commercial use.',
      zh: '每月 50 积分免费开始。付费方案提供数千积分、私密页面和商业使用权。',
      ja: '毎月50クレジットで無料スタート。有料プランでは数千クレジット、非公開ページ、商用利用が可能です。',
    },
    indexed: true,
  },
  '/blog': {
    title: { en: 'Coloring Tips, Ideas and Guides', zh: '涂色技巧、创意与指南', ja: 'ぬりえのコツ・アイデア・ガイド' },
    description: {
      en: 'Printing tips, choosing the right difficulty by age, coloring for calm and classroom ideas.',
      zh: '打印技巧、按年龄选择难度、用涂色放松身心以及课堂活动创意。',
      ja: '印刷のコツ、年齢に合った難易度の選び方、心を落ち着けるぬりえ、授業のアイデア。',
    },
    indexed: true,
  },
  '/privacy-policy': { title: { en: 'Privacy Policy', zh: '隐私政策', ja: 'プライバシーポリシー' }, description: { en: 'How Coloring Studio collects, uses and protects your data.', zh: 'Coloring Studio 如何收集、使用和保护您的数据。', ja: 'Coloring Studio による個人データの収集・利用・保護について。' }, indexed: true },
  '/terms': { title: { en: 'Terms of Service', zh: '服务条款', ja: '利用規約' }, description: { en: 'The terms for using Coloring Studio and the pages you create.', zh: '使用 Coloring Studio 及您所创建页面的条款。', ja: 'Coloring Studio と作成したページの利用条件。' }, indexed: true },
  '/refund-policy': { title: { en: 'Refund Policy', zh: '退款政策', ja: '返金ポリシー' }, description: { en: 'When and how Coloring Studio refunds subscriptions.', zh: 'Coloring Studio 订阅退款的条件与方式。', ja: 'Coloring Studio のサブスクリプション返金の条件と方法。' }, indexed: true },
};
const PRIVATE_PAGES: Record<string, Localized> = {
  '/login': { en: 'Log in', zh: '登录', ja: 'ログイン' },
  '/register': { en: 'Create an account', zh: '注册', ja: '新規登録' },
  '/forgot-password': { en: 'Forgot password', zh: '忘记密码', ja: 'パスワードをお忘れの方' },
  '/reset-password': { en: 'Reset password', zh: '重置密码', ja: 'パスワードの再設定' },
  '/profile': { en: 'My profile', zh: '个人资料', ja: 'プロフィール' },
  '/creations': { en: 'My creations', zh: '我的作品', ja: 'マイ作品' },
  '/test-auth': { en: 'Sign-in status', zh: '登录状态', ja: 'ログイン状態' },
};
const HOME: Localized = { en: 'Home', zh: '首页', ja: 'ホーム' };
const COLOUR: Localized = { en: 'Colour it on screen', zh: '在屏幕上涂色', ja: '画面でぬりえ' };
const CATEGORIES: Localized = { en: 'Categories', zh: '分类', ja: 'カテゴリ' };
const BLOG: Localized = { en: 'Blog', zh: '博客', ja: 'ブログ' };
const NOT_FOUND: Localized = { en: 'Page not found', zh: '页面不存在', ja: 'ページが見つかりません' };

/** Splits /zh/categories into the language and the path without its prefix. */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const match = /^\/(zh|ja)(\/.*)?$/.exec(pathname);
  if (!match) return { lang: 'en', path: pathname };
  return { lang: match[1] as Language, path: match[2] || '/' };
}

export function localizedPath(lang: Language, path: string): string {
  if (lang === 'en') return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

export function createPageMeta(options: { publicUrl: string; data: SeoData }) {
  const { publicUrl, data } = options;
  const url = (lang: Language, path: string) => `${publicUrl}${localizedPath(lang, path)}`;
  const alternates = (path: string) => [
    ...(['en', 'zh', 'ja'] as const).map((lang) => ({ hreflang: lang === 'zh' ? 'zh-Hans' : lang, href: url(lang, path) })),
    { hreflang: 'x-default', href: url('en', path) },
  ];
  const breadcrumbs = (lang: Language, items: [string, string][]) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: url(lang, path) })),
  });
  const page = (lang: Language, path: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta => ({
    status: 200,
    lang,
    title: `${title} | ${SITE[lang]}`,
    description,
    canonical: url(lang, path),
    alternates: alternates(path),
    image: null,
    robots: 'index,follow',
    jsonLd: [],
    ...extra,
  });
  const notFound = (lang: Language, path: string): PageMeta => ({
    ...page(lang, path, NOT_FOUND[lang], NOT_FOUND[lang]),
    status: 404,
    robots: 'noindex,follow',
    alternates: [],
  });

  return async function metaFor(pathname: string): Promise<PageMeta> {
    const { lang, path } = splitLanguage(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    const fixed = STATIC[path];
    if (fixed) {
      const jsonLd = path === '/' ? [{ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE[lang], url: url(lang, '/') }] : [];
      return page(lang, path, fixed.title[lang], fixed.description[lang], { jsonLd });
    }
    const hidden = PRIVATE_PAGES[path];
    if (hidden) return { ...page(lang, path, hidden[lang], SITE[lang]), robots: 'noindex,follow', alternates: [] };

    const categoryMatch = /^\/categories\/([^/]+)$/.exec(path);
    if (categoryMatch) {
      const category = await data.category(decodeURIComponent(categoryMatch[1]));
      if (!category) return notFound(lang, path);
      const canonicalPath = `/categories/${category.slug}`;
      return page(lang, canonicalPath, category.seoTitle[lang], category.seoDesc[lang], {
        jsonLd: [breadcrumbs(lang, [[HOME[lang], '/'], [CATEGORIES[lang], '/categories'], [category.displayName[lang], canonicalPath]])],
      });
    }

    // The colouring view of a page: a tool, not indexed. A private page opens for its owner, whom
    // the server cannot tell from here (the token is in the browser), so it answers 200 either way.
    const colourMatch = /^\/image\/([^/]+)\/colour$/.exec(path);
    if (colourMatch) {
      const image = await data.image(decodeURIComponent(colourMatch[1]));
      const title = image ? `${COLOUR[lang]}: ${image.title[lang]}` : COLOUR[lang];
      return { ...page(lang, path, title, image?.description[lang] ?? SITE[lang]), robots: 'noindex,follow', alternates: [] };
    }

    const imageMatch = /^\/categories\/([^/]+)\/([^/]+)$/.exec(path) ?? /^\/image\/([^/]+)$/.exec(path);
    if (imageMatch) {
      const image = await data.image(decodeURIComponent(imageMatch[imageMatch.length - 1]));
      if (!image) return notFound(lang, path);
      const category = image.categorySlug ? await data.category(image.categorySlug) : null;
      const canonicalPath = category ? `/categories/${category.slug}/${image.slug}` : `/image/${image.slug}`;
      const crumbs: [string, string][] = [[HOME[lang], '/'], [CATEGORIES[lang], '/categories']];
      if (category) crumbs.push([category.displayName[lang], `/categories/${category.slug}`]);
      crumbs.push([image.title[lang], canonicalPath]);
      return page(lang, canonicalPath, image.title[lang], image.description[lang], {
        image: image.thumbnailUrl,
        jsonLd: [
          breadcrumbs(lang, crumbs),
          {
            '@context': 'https://schema.org',
            '@type': 'ImageObject',
            name: image.title[lang],
            description: image.description[lang],
            contentUrl: image.coloringUrl,
            thumbnailUrl: image.thumbnailUrl,
            width: image.width,
            height: image.height,
            encodingFormat: 'image/png',
          },
        ],
      });
    }

    const blogMatch = /^\/blog\/([^/]+)$/.exec(path);
    if (blogMatch) {
      const post = await data.blogPost(decodeURIComponent(blogMatch[1]), lang);
      if (!post) return notFound(lang, path);
      return page(lang, path, post.title, post.description, {
        image: post.image,
        jsonLd: [
          breadcrumbs(lang, [[HOME[lang], '/'], [BLOG[lang], '/blog'], [post.headline, path]]),
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.headline,
            description: post.description,
            datePublished: post.published,
            author: { '@type': 'Organization', name: post.author },
            inLanguage: lang === 'zh' ? 'zh-Hans' : lang,
            mainEntityOfPage: url(lang, path),
            ...(post.image ? { image: post.image } : {}),
          },
        ],
      });
    }
    return notFound(lang, path);
  };
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Writes the meta into index.html: <html lang>, <title>, and the tags just before </head>. */
export function injectMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<meta name="description" content="${escape(meta.description)}">`,
    `<meta name="robots" content="${meta.robots}">`,
    `<link rel="canonical" href="${escape(meta.canonical)}">`,
    ...meta.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escape(a.href)}">`),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Coloring Studio">`,
    `<meta property="og:title" content="${escape(meta.title)}">`,
    `<meta property="og:description" content="${escape(meta.description)}">`,
    `<meta property="og:url" content="${escape(meta.canonical)}">`,
    `<meta property="og:locale" content="${{ en: 'en_US', zh: 'zh_CN', ja: 'ja_JP' }[meta.lang]}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escape(meta.image)}">`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escape(meta.title)}">`,
    `<meta name="twitter:description" content="${escape(meta.description)}">`,
    // JSON-LD is data, not script: "<" is escaped so nothing in it can close the tag.
    ...meta.jsonLd.map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`),
  ].join('\n    ');
  // Function replacements: a replacement string would expand `$&`, `$'` and `` $` `` found in user
  // text (a prompt, a title) into copies of the document.
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${meta.lang}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escape(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>\s*/g, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
