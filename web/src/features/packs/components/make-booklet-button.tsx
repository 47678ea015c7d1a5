import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { BookletSource } from '../api/booklet-api';
import { BookletBuilder } from './booklet-builder';

/** "Make a booklet" and the builder it opens (category page, My creations, a library search). */
export function MakeBookletButton({ source, defaultTitle, className = '' }: { source: BookletSource; defaultTitle: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)} data-testid="make-booklet">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M10 5c-2-1.5-4.5-2-7-1.5v11c2.5-.5 5 0 7 1.5 2-1.5 4.5-2 7-1.5v-11c-2.5-.5-5 0-7 1.5zM10 5v11" strokeLinejoin="round" />
        </svg>
        {t('packs.make')}
      </Button>
      {open ? <BookletBuilder open onClose={() => setOpen(false)} source={source} defaultTitle={defaultTitle} /> : null}
    </>
  );
}
