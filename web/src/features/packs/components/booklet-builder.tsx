import type { ImageDto } from '@studio/contracts/images';
import { BOOKLET_DEFAULT_PAGES, BOOKLET_MAX_PAGES, BOOKLET_TITLE_MAX, NAME_LINE_MAX } from '@studio/contracts/packs';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { downloadBooklet, fetchBookletCandidates, type BookletSource } from '../api/booklet-api';

type Paper = 'letter' | 'a4';

interface BookletBuilderProps {
  open: boolean;
  onClose: () => void;
  source: BookletSource;
  defaultTitle: string;
}

/**
 * "Make a booklet": title, name line, paper, one or two pages a sheet, and which pages (up to
 * 40; the first 12 chosen to start). The booklet is drawn by the server (decision 032).
 */
export function BookletBuilder({ open, onClose, source, defaultTitle }: BookletBuilderProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [candidates, setCandidates] = useState<ImageDto[] | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [title, setTitle] = useState(defaultTitle);
  const [name, setName] = useState('');
  const [paper, setPaper] = useState<Paper>(lang === 'en' ? 'letter' : 'a4');
  const [perSheet, setPerSheet] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const sourceKey = JSON.stringify(source);

  useEffect(() => {
    if (!open) return;
    // Mounted when opened (MakeBookletButton): the state starts empty each time.
    const controller = new AbortController();
    fetchBookletCandidates(JSON.parse(sourceKey) as BookletSource, controller.signal)
      .then((images) => {
        setCandidates(images);
        setChosen(images.slice(0, BOOKLET_DEFAULT_PAGES).map((image) => image.id));
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoadFailed(errorText(t, failure));
      });
    return () => controller.abort();
  }, [open, sourceKey, t]);

  /** Moves a chosen page one place earlier (-1) or later (+1) in the booklet; nothing past either end. */
  function move(id: string, step: -1 | 1) {
    setChosen((current) => {
      const from = current.indexOf(id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to], next[from]];
      return next;
    });
  }

  function toggle(id: string) {
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : current.length >= BOOKLET_MAX_PAGES ? current : [...current, id]));
  }

  async function make() {
    if (!candidates) return;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      // In the order of the "Page order" list: the source's order, pages ticked later at the end, as moved.
      await downloadBooklet({ ids: chosen, title: title.trim() || undefined, name: name.trim() || undefined, paper, perSheet, lang });
    } catch (failure) {
      const apiError = toApiError(failure);
      if (Object.keys(apiError.fields).length) setFields(fieldTexts(t, apiError.fields));
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={t('packs.builder.title')}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void make()} loading={busy} disabled={!candidates || chosen.length === 0} data-testid="booklet-download">
            {busy ? t('packs.builder.making') : t('packs.builder.download', { count: chosen.length })}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="booklet-builder">
        <TextField label={t('packs.builder.titleLabel')} value={title} maxLength={BOOKLET_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} error={fields.title} />
        <TextField
          label={t('packs.name.label')}
          value={name}
          maxLength={NAME_LINE_MAX}
          placeholder={t('packs.name.placeholder')}
          hint={t('packs.name.hint', { max: NAME_LINE_MAX })}
          onChange={(event) => setName(event.target.value)}
          error={fields.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice legend={t('packs.builder.paper')} value={paper} onChange={setPaper} options={[{ value: 'letter', label: t('packs.builder.letter') }, { value: 'a4', label: t('packs.builder.a4') }]} />
          <Choice
            legend={t('packs.builder.layout')}
            value={String(perSheet)}
            onChange={(value) => setPerSheet(value === '2' ? 2 : 1)}
            options={[{ value: '1', label: t('packs.builder.onePerSheet') }, { value: '2', label: t('packs.builder.twoPerSheet') }]}
          />
        </div>
        <fieldset>
          <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-medium text-slate-700">
            <span data-testid="booklet-count">{t('packs.builder.chosen', { count: chosen.length, max: BOOKLET_MAX_PAGES })}</span>
            {candidates && candidates.length > 0 ? (
              <span className="flex gap-3">
                <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => setChosen(candidates.slice(0, BOOKLET_MAX_PAGES).map((image) => image.id))}>
                  {t('packs.builder.all')}
                </button>
                <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => setChosen([])}>
                  {t('packs.builder.none')}
                </button>
              </span>
            ) : null}
          </legend>
          {loadFailed ? <Alert tone="error">{loadFailed}</Alert> : null}
          {!candidates && !loadFailed ? (
            <div className="flex justify-center py-6 text-brand-600">
              <Spinner label={t('common.loading')} />
            </div>
          ) : null}
          {candidates && candidates.length === 0 ? <p className="py-4 text-slate-600">{t('packs.builder.noPages')}</p> : null}
          {candidates && candidates.length > 0 ? (
            <ul className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-5">
              {candidates.map((image) => (
                <PageTick key={image.id} image={image} lang={lang} checked={chosen.includes(image.id)} onToggle={() => toggle(image.id)} />
              ))}
            </ul>
          ) : null}
        </fieldset>
        {candidates && chosen.length > 1 ? <PageOrder pages={chosen.map((id) => candidates.find((image) => image.id === id)!)} lang={lang} onMove={move} /> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </Dialog>
  );
}

/** The chosen pages in booklet order, each movable up or down with a button (keyboard: Tab, Enter or Space). */
function PageOrder({ pages, lang, onMove }: { pages: ImageDto[]; lang: 'en' | 'zh' | 'ja'; onMove: (id: string, step: -1 | 1) => void }) {
  const { t } = useTranslation();
  const heading = useId();
  const arrow = 'inline-flex size-9 items-center justify-center rounded-lg text-base font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading} className="text-sm font-medium text-slate-700">
        {t('packs.builder.order')}
      </h3>
      <p className="mb-2 text-xs text-slate-600">{t('packs.builder.orderHint')}</p>
      <ol className="max-h-56 space-y-1 overflow-y-auto p-1" data-testid="booklet-order">
        {pages.map((image, index) => {
          const title = image.title[lang] || image.title.en;
          const first = index === 0;
          const last = index === pages.length - 1;
          return (
            <li key={image.id} className="flex items-center gap-2 rounded-xl px-2 py-1 ring-1 ring-slate-200" data-testid="booklet-order-page">
              <span className="w-6 text-right text-xs font-semibold text-slate-500">{index + 1}</span>
              <img src={image.smallThumbnailUrl} alt="" loading="lazy" className="h-10 w-8 rounded bg-white object-contain" />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{title}</span>
              {/* aria-disabled, not disabled: the button keeps the keyboard focus when its page reaches an end. */}
              <button type="button" className={arrow} aria-label={t('packs.builder.moveUp', { title })} aria-disabled={first || undefined} onClick={() => !first && onMove(image.id, -1)}>
                ↑
              </button>
              <button type="button" className={arrow} aria-label={t('packs.builder.moveDown', { title })} aria-disabled={last || undefined} onClick={() => !last && onMove(image.id, 1)}>
                ↓
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function PageTick({ image, lang, checked, onToggle }: { image: ImageDto; lang: 'en' | 'zh' | 'ja'; checked: boolean; onToggle: () => void }) {
  const id = useId();
  const title = image.title[lang] || image.title.en;
  return (
    <li>
      <label htmlFor={id} className={`flex cursor-pointer flex-col gap-1 rounded-xl p-1.5 ring-2 ${checked ? 'bg-brand-50 ring-brand-500' : 'ring-slate-200 hover:ring-brand-300'}`}>
        <img src={image.smallThumbnailUrl} alt="" loading="lazy" className="aspect-[3/4] w-full rounded-lg bg-white object-contain" />
        <span className="flex items-start gap-1.5 text-xs text-slate-700">
          <input id={id} type="checkbox" checked={checked} onChange={onToggle} className="mt-0.5 size-4 accent-brand-600" />
          <span className="line-clamp-2">{title}</span>
        </span>
      </label>
    </li>
  );
}

function Choice<T extends string>({ legend, value, onChange, options }: { legend: string; value: T; onChange: (value: T) => void; options: { value: T; label: string }[] }) {
  const group = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-3.5 text-sm ring-1 ${value === option.value ? 'bg-brand-50 font-semibold text-brand-800 ring-brand-500' : 'bg-white text-slate-700 ring-slate-300'}`}>
            <input type="radio" name={group} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="accent-brand-600" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
