import type { Language } from '@studio/contracts/constants';
import { paths } from '../../config/paths';

/** The header menu (product-spec §2), shared by the desktop and mobile menus. */
export function navItems(lang: Language) {
  return [
    { key: 'nav.home', href: paths.home.getHref(lang), end: true },
    { key: 'nav.freePages', href: paths.categories.getHref(lang), end: false },
    { key: 'nav.textPage', href: paths.textColoringPage.getHref(lang), end: true },
    { key: 'nav.imagePage', href: paths.imageColoringPage.getHref(lang), end: true },
    { key: 'nav.pricing', href: paths.price.getHref(lang), end: true },
    { key: 'nav.blog', href: paths.blog.getHref(lang), end: false },
  ] as const;
}
