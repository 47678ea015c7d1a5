import { DEFAULT_RATIO, RATIOS, type Ratio } from '@studio/contracts/constants';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TabList } from '../../../components/ui/tab-list';
import { paths } from '../../../config/paths';
import { shareUpload } from '../../../lib/shared-upload';
import { useLang } from '../../../lib/use-lang';

type Tab = 'text' | 'image';
const GENERATE_TABS: readonly Tab[] = ['text', 'image'];

/**
 * The category page's generate section (product-spec §2): the text tab opens the generator with
 * the prompt and ratio in the address; the image tab hands the chosen file to the generator's
 * image tab (lib/shared-upload) and opens it.
 */
export function GeneratePanel({ suggestion }: { suggestion: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('text');
  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<Ratio>(DEFAULT_RATIO);
  const [chosen, setChosen] = useState<{ file: File; preview: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  // The preview URL lives as long as its file is chosen.
  useEffect(() => {
    const url = chosen?.preview;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);

  function setFile(next: File | null) {
    setChosen(next ? { file: next, preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(next) : null } : null);
  }

  function submitText(event: FormEvent) {
    event.preventDefault();
    const text = prompt.trim();
    if (!text) {
      setError(t('library.generate.promptRequired'));
      return;
    }
    const query = new URLSearchParams({ prompt: text, ratio });
    void navigate(`${paths.textColoringPage.getHref(lang)}?${query.toString()}`);
  }

  function submitImage(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    shareUpload(file);
    void navigate(paths.imageColoringPage.getHref(lang));
  }

  function choose(next: File | undefined) {
    setError(null);
    if (!next) return;
    if (!next.type.startsWith('image/')) {
      setError(t('library.generate.imageOnly'));
      return;
    }
    setFile(next);
  }

  const tabClass = (active: boolean) => `flex-1 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${active ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-gradient-to-br from-brand-50 to-sun-100/60 p-5 ring-1 ring-brand-100 sm:p-7">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t('library.generate.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('library.generate.body')}</p>
      <TabList
        label={t('library.generate.title')}
        tabs={GENERATE_TABS}
        selected={tab}
        onSelect={(name) => {
          setTab(name);
          setError(null);
        }}
        idPrefix={id}
        panelId={`${id}-panel-${tab}`}
        className="mt-4 flex max-w-md gap-1 rounded-full bg-slate-200/70 p-1"
        tabClassName={tabClass}
      >
        {(name) => t(`library.generate.tab.${name}`)}
      </TabList>
      {tab === 'text' ? (
        <div id={`${id}-panel-text`} role="tabpanel" aria-labelledby={`${id}-tab-text`}>
          <form className="mt-4 grid gap-3" onSubmit={submitText} noValidate>
            <label htmlFor={`${id}-prompt`} className="text-sm font-medium text-slate-800">
              {t('library.generate.promptLabel')}
            </label>
            <textarea
              id={`${id}-prompt`}
              name="prompt"
              rows={3}
              maxLength={1000}
              value={prompt}
              placeholder={suggestion}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setPrompt(event.target.value);
                setError(null);
              }}
              className="w-full resize-y rounded-2xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-medium text-slate-800">
                {t('library.generate.ratio')}
                <select
                  name="ratio"
                  value={ratio}
                  onChange={(event) => setRatio(event.target.value as Ratio)}
                  className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                >
                  {RATIOS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" className="ml-auto">
                {t('library.generate.textSubmit')}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <div id={`${id}-panel-image`} role="tabpanel" aria-labelledby={`${id}-tab-image`}>
          <form className="mt-4 grid gap-3" onSubmit={submitImage}>
            {file ? (
              <div className="flex items-center gap-4 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
                {preview ? <img src={preview} alt={t('library.generate.previewAlt')} width={64} height={64} className="size-16 rounded-xl object-cover" /> : null}
                <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{file.name}</span>
                <Button variant="ghost" onClick={() => setFile(null)}>
                  {t('library.generate.remove')}
                </Button>
              </div>
            ) : (
              <label className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-brand-200 bg-white px-4 py-8 text-center text-sm text-slate-600 hover:border-brand-400 focus-within:ring-2 focus-within:ring-brand-300">
                <span className="font-semibold text-brand-700">{t('library.generate.chooseFile')}</span>
                <span>{t('library.generate.fileHint')}</span>
                <input type="file" name="file" accept="image/*" className="sr-only" onChange={(event) => choose(event.target.files?.[0])} />
              </label>
            )}
            <Button type="submit" disabled={!file} className="justify-self-end">
              {t('library.generate.imageSubmit')}
            </Button>
          </form>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
