import { PROMPT_MAX } from '@studio/contracts/constants';
import { promptLength } from '@studio/contracts/prompt';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useLang } from '../../../lib/use-lang';
import { fetchStyleSuggestions, type StyleSuggestionDto } from '../api/generator-api';

interface PromptBoxProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Resolves to the improved prompt; the box shows its own busy state and failure. */
  onImprove: () => Promise<void>;
  improving: boolean;
  improveError: string | null;
}


export function PromptBox({ value, onChange, error, onImprove, improving, improveError }: PromptBoxProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [suggestions, setSuggestions] = useState<StyleSuggestionDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);

  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    fetchStyleSuggestions(lang)
      .then((list) => {
        if (!live) return;
        setSuggestions(list);
        setLoadFailed(false);
      })
      .catch(() => {
        if (live) setLoadFailed(true);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [lang, round]);

  const refresh = () => {
    setLoading(true);
    setRound((value) => value + 1);
  };

  const length = promptLength(value);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {t('generator.prompt.label')}
        </label>
        <button
          type="button"
          onClick={() => void onImprove()}
          disabled={improving}
          className="inline-flex min-h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-50 px-3 text-xs font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-60"
        >
          {improving ? (
            <Spinner className="size-3.5" />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
              <path d="M10 1l1.8 4.7L16.5 7.5l-4.7 1.8L10 14l-1.8-4.7L3.5 7.5l4.7-1.8zM16 12l.9 2.1L19 15l-2.1.9L16 18l-.9-2.1L13 15l2.1-.9z" />
            </svg>
          )}
          {improving ? t('generator.prompt.improving') : t('generator.prompt.improve')}
        </button>
      </div>
      <div className={`rounded-2xl bg-white ring-1 focus-within:ring-2 ${error ? 'ring-rose-400 focus-within:ring-rose-500' : 'ring-slate-300 focus-within:ring-brand-500'}`}>
        <textarea
          id={id}
          name="prompt"
          value={value}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('generator.prompt.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          className="block w-full resize-y rounded-2xl bg-transparent px-4 py-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
        <div className="flex justify-end px-3 pb-2">
          <span id={`${id}-count`} className={`text-xs tabular-nums ${length > PROMPT_MAX ? 'font-semibold text-rose-700' : 'text-slate-500'}`}>
            {t('generator.prompt.counter', { length, max: PROMPT_MAX })}
          </span>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      {improveError ? (
        <p role="alert" className="mt-1.5 text-sm text-rose-700">
          {improveError}
        </p>
      ) : null}
      <div className="mt-3">
        <div className="mb-1.5 flex items-center justify-between">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('generator.prompt.suggestions')}</span>
          <button
            type="button"
            onClick={refresh}
            disabled={loading}
            className="inline-flex min-h-8 items-center gap-1 rounded-full px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-3.5 ${loading ? 'animate-spin' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M16 10a6 6 0 1 1-1.8-4.3M16 3v4h-4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('generator.prompt.refresh')}
          </button>
        </div>
        {loadFailed ? (
          <p className="text-xs text-rose-700">{t('generator.errors.styles')}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-busy={loading || undefined}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.id}>
                <button
                  type="button"
                  title={suggestion.content}
                  onClick={() => onChange(suggestion.content)}
                  className="min-h-8 rounded-full bg-slate-100 px-3 text-xs font-medium text-slate-700 hover:bg-brand-100 hover:text-brand-800"
                >
                  {suggestion.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
