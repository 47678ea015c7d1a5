import type { CategoryDto, ImageDto } from '@studio/contracts/images';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useLang } from '../../../lib/use-lang';
import { searchImages } from '../api/library-api';
import { filterCategories } from '../lib/category-search';
import { categoryHref, imageHref, pick } from '../lib/library-links';

const SUGGESTION_DELAY_MS = 200;
const SUGGESTED_CATEGORIES = 3;
const SUGGESTED_PAGES = 5;

interface Suggestion {
  id: string;
  label: string;
  kind: 'category' | 'page';
  href: string;
  thumbnailUrl: string | null;
}

/** What the box offers for a draft: matching categories first, then pages the word search finds. */
function useSuggestions(draft: string, categories: readonly CategoryDto[]): Suggestion[] {
  const lang = useLang();
  const [pages, setPages] = useState<{ draft: string; images: ImageDto[] }>({ draft: '', images: [] });
  const needle = draft.trim();
  useEffect(() => {
    if (!needle) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchImages({ query: needle, pageSize: SUGGESTED_PAGES }, controller.signal)
        .then((list) => setPages({ draft: needle, images: list.images }))
        .catch(() => undefined);
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [needle]);
  if (!needle) return [];
  const matchingCategories = filterCategories(categories, needle, lang)
    .slice(0, SUGGESTED_CATEGORIES)
    .map((category): Suggestion => ({ id: `c-${category.categoryId}`, label: pick(category.displayName, lang), kind: 'category', href: categoryHref(lang, category), thumbnailUrl: category.thumbnailUrl }));
  const matchingPages = (pages.draft === needle ? pages.images : []).map(
    (image): Suggestion => ({ id: `p-${image.id}`, label: pick(image.title, lang), kind: 'page', href: imageHref(lang, image, categories), thumbnailUrl: image.smallThumbnailUrl }),
  );
  return [...matchingCategories, ...matchingPages];
}

/**
 * The library's search box (issue 37): a combobox that suggests categories and pages while typing
 * (arrow keys move, Enter opens the suggestion, Escape closes the list) and searches on submit.
 */
export function LibrarySearchBox({ initial, categories, onSearch }: { initial: string; categories: readonly CategoryDto[]; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [draft, setDraft] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(draft, categories);
  const shown = open && suggestions.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setOpen(false);
    onSearch(draft.trim());
  }

  function choose(suggestion: Suggestion) {
    setOpen(false);
    void navigate(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: the list wraps through it.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && shown) {
      // The first Escape closes the list and keeps the words (a search box would clear them).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && shown && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  }

  return (
    <form role="search" onSubmit={submit} className="relative flex w-full max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        {t('library.search.label')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
        placeholder={t('library.search.placeholder')}
        className="min-h-11 min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <Button type="submit">{t('library.search.submit')}</Button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('library.search.suggestions')}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-50'}`}
          >
            {suggestion.thumbnailUrl ? <img src={suggestion.thumbnailUrl} alt="" width={32} height={40} className="h-10 w-8 shrink-0 rounded bg-slate-50 object-contain" /> : <span className="h-10 w-8 shrink-0 rounded bg-slate-100" />}
            <span className="min-w-0 flex-1 truncate">{suggestion.label}</span>
            <span className="shrink-0 text-xs text-slate-600">{t(`library.search.kind.${suggestion.kind}`)}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
