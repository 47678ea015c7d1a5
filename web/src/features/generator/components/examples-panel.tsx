import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { localizedText } from '../../images/localized';
import { useLang } from '../../../lib/use-lang';

interface ExamplesPanelProps {
  type: ImageType;
  examples: ImageDto[] | null;
  failed: boolean;
  /** 2 under 640 px, else 3. */
  count: number;
  busyId: string | null;
  onRecreate: (example: ImageDto) => void;
}

/** Examples to start from, when the user has nothing of this tab yet; refresh shows others. */
export function ExamplesPanel({ type, examples, failed, count, busyId, onRecreate }: ExamplesPanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [offset, setOffset] = useState(0);
  if (failed) return <p className="text-sm text-rose-700">{type === 'text2image' ? t('generator.errors.textExamples') : t('generator.errors.imageExamples')}</p>;
  if (examples === null) return <Spinner className="size-5 text-brand-600" label={t('common.loading')} />;
  if (examples.length === 0) return null;
  const shown = Array.from({ length: Math.min(count, examples.length) }, (_, index) => examples[(offset + index) % examples.length]);
  return (
    <section aria-labelledby={`examples-${type}`}>
      <div className="mb-2 flex items-center justify-between">
        <h2 id={`examples-${type}`} className="text-sm font-semibold text-slate-800">
          {t('generator.examples.title')}
        </h2>
        {examples.length > count ? (
          <button type="button" onClick={() => setOffset((value) => (value + count) % examples.length)} className="min-h-8 rounded-full px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50">
            {t('generator.examples.refresh')}
          </button>
        ) : null}
      </div>
      <ul className={`grid gap-2 ${count === 2 ? 'grid-cols-2' : 'grid-cols-3'}`}>
        {shown.map((example) => {
          const title = localizedText(example.title, lang);
          const picture = type === 'image2image' ? example.colorThumbnailUrl || example.thumbnailUrl : example.thumbnailUrl;
          return (
            <li key={example.id} className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
              <img src={picture} alt={title} width={160} height={160} loading="lazy" className="aspect-square w-full bg-slate-50 object-contain" />
              <button
                type="button"
                onClick={() => onRecreate(example)}
                disabled={busyId !== null}
                className="flex min-h-9 items-center justify-center gap-1 border-t border-slate-100 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
              >
                {busyId === example.id ? <Spinner className="size-3.5" /> : null}
                {t('generator.examples.recreate')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
