import { promptLength } from '@studio/contracts/prompt';
import { GENERATION_COST, PROMPT_MAX, UPLOAD_MAX_BYTES, normalizeRatio, nearestRatio, isPaidLevel, DEFAULT_DIFFICULTY, DEFAULT_RATIO, RATIOS, type Difficulty, type PhotoFit, type Ratio } from '@studio/contracts/constants';
import { ErrorCode } from '@studio/contracts/errors';
import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths, splitLang } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { takeSharedUpload } from '../../../lib/shared-upload';
import { useLang } from '../../../lib/use-lang';
import { fetchExamples, fetchImageAsFile, fetchOriginal, fetchUserImages } from '../../images/api/image-api';
import { DeleteImageDialog } from '../../images/components/delete-image-dialog';
import { ReportDialog } from '../../images/components/report-dialog';
import { VisibilitySwitch } from '../../images/components/visibility-switch';
import { localizedText } from '../../images/localized';
import { improvePrompt, submitImageGeneration, submitTextGeneration } from '../api/generator-api';
import { useGeneration } from '../hooks/use-generation';
import { useMediaQuery } from '../hooks/use-media-query';
import { ExamplesPanel } from './examples-panel';
import { HistoryStrip } from './history-strip';
import { DifficultyPicker, RatioPicker } from './option-pickers';
import { PhotoFrame, SubjectOnlyToggle } from './photo-frame';
import { PreviewPanel } from './preview-panel';
import { PromptBox } from './prompt-box';
import { TabList } from '../../../components/ui/tab-list';
import { UploadBox, probeImage, shrinkToFit, uploadProblem, type Upload } from './upload-box';
import { UpgradeDialog } from '../../../components/marketing/upgrade-dialog';

const TABS: ImageType[] = ['text2image', 'image2image'];
type PerTab<T> = Record<ImageType, T>;

function parseBool(value: string | null): boolean | null {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

/** The generator of product-spec §2 and §4: tabs, settings, preview, history, examples. */
export function GeneratorView({ initialTab }: { initialTab: ImageType }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { user, reloadUser } = useAuth();
  const mobile = useMediaQuery('(max-width: 639.98px)');
  const desktop = useMediaQuery('(min-width: 1024px)');

  // Values the URL sets win over those restored from a selected image (spec §2).
  const [urlSets] = useState(() => ({
    prompt: search.get('prompt'),
    ratio: search.get('ratio'),
    isPublic: parseBool(search.get('isPublic')),
    sourceImageUrl: search.get('sourceImageUrl'),
    /** "Recreate" from My creations: the owner's own photo, fetched through the owner's link. */
    sourceImageId: search.get('sourceImageId'),
  }));

  const [tab, setTab] = useState<ImageType>(initialTab);
  const [prompt, setPrompt] = useState(urlSets.prompt?.slice(0, PROMPT_MAX * 2) ?? '');
  const [ratio, setRatio] = useState<Ratio>(urlSets.ratio ? normalizeRatio(urlSets.ratio) : DEFAULT_RATIO);
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  // A text page is public unless a paying member keeps it private (the spec); a photo page is
  // private on every plan until its owner shares it (decision 050).
  const [visibility, setVisibility] = useState<PerTab<boolean>>({ text2image: urlSets.isPublic ?? true, image2image: urlSets.isPublic ?? false });
  const [upload, setUpload] = useState<Upload | null>(null);
  // A photo page takes the photo's own shape unless a ratio is picked (null), and is never cut unasked.
  const [photoRatio, setPhotoRatio] = useState<Ratio | null>(null);
  const [photoFit, setPhotoFit] = useState<PhotoFit>('fit');
  const [subjectOnly, setSubjectOnly] = useState(false);
  const [inlineError, setInlineError] = useState<{ field: 'prompt' | 'upload' | 'form'; text: string } | null>(null);
  const [loadedHistory, setHistory] = useState<PerTab<ImageDto[] | null>>({ text2image: null, image2image: null });
  const [selected, setSelected] = useState<PerTab<string | null>>({ text2image: null, image2image: null });
  const [examples, setExamples] = useState<PerTab<ImageDto[] | null>>({ text2image: null, image2image: null });
  const [examplesFailed, setExamplesFailed] = useState<PerTab<boolean>>({ text2image: false, image2image: false });
  const [recreating, setRecreating] = useState<string | null>(null);
  const [improving, setImproving] = useState(false);
  const [improveError, setImproveError] = useState<string | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  // Where the user's eyes must go next: a new page, or an error beside a box that may be out of view.
  const [attention, setAttention] = useState<{ target: 'result' | 'prompt' | 'upload' | 'form'; seq: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const root = useRef<HTMLDivElement>(null);

  const raise = useCallback((field: 'prompt' | 'upload' | 'form', text: string) => {
    setInlineError({ field, text });
    setAttention((current) => ({ target: field, seq: (current?.seq ?? 0) + 1 }));
  }, []);

  // Scrolled to the middle of the screen (clear of the phone's sticky Generate bar) and focused:
  // a prompt error focuses the box it describes, other errors and a new page are focused themselves.
  useEffect(() => {
    if (!attention) return;
    const area = root.current?.querySelector<HTMLElement>(`[data-attention="${attention.target}"]`);
    if (!area) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)')?.matches;
    area.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    const focusable = attention.target === 'prompt' ? area.querySelector<HTMLElement>('textarea') : area;
    focusable?.focus({ preventScroll: true });
  }, [attention]);

  const setUploadFile = useCallback(
    async (chosen: File) => {
      const problem = uploadProblem(chosen);
      if (problem) {
        raise('upload', t(problem));
        return;
      }
      // Read on selection (issue 37): a file that is no picture is refused now, not at Generate,
      // and a photo over the limit is scaled down here instead of refused.
      const original = URL.createObjectURL(chosen);
      const size = await probeImage(original);
      if (!size) {
        URL.revokeObjectURL(original);
        raise('upload', t('generator.upload.unreadable'));
        return;
      }
      let file = chosen;
      let url = original;
      if (chosen.size > UPLOAD_MAX_BYTES) {
        const smaller = await shrinkToFit(original, size, UPLOAD_MAX_BYTES, chosen.name);
        URL.revokeObjectURL(original);
        if (!smaller) {
          raise('upload', t('generator.upload.tooLarge'));
          return;
        }
        file = smaller;
        url = URL.createObjectURL(smaller);
      }
      setInlineError(null);
      setUpload((previous) => {
        if (previous) URL.revokeObjectURL(previous.url);
        return { file, url, ...size };
      });
    },
    [raise, t],
  );

  // A photo handed over by the category page, or ?sourceImageUrl=, becomes the upload once.
  useEffect(() => {
    const handed = initialTab === 'image2image' ? takeSharedUpload() : null;
    if (handed) {
      void Promise.resolve(handed).then(setUploadFile);
      return;
    }
    const handedFile = (): Promise<File> | null => {
      if (initialTab !== 'image2image') return null;
      const { sourceImageId, sourceImageUrl: source } = urlSets;
      if (sourceImageId) return fetchOriginal(sourceImageId).then((original) => fetchImageAsFile(original.url, 'source'));
      if (source && (source.startsWith('/') || source.startsWith(window.location.origin))) return fetchImageAsFile(source, 'source');
      return null;
    };
    handedFile()
      ?.then(setUploadFile)
      .catch(() => setInlineError({ field: 'upload', text: t('generator.errors.exampleLoad') }));
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const restoreFrom = useCallback(
    (image: ImageDto, onArrival = false) => {
      if (image.type === 'text2image' && urlSets.prompt === null) {
        const text = localizedText(image.prompt, lang);
        // On arrival the history answers after the page is shown: what the member has typed by then
        // is theirs (it was replaced by the last prompt, and Generate then drew that one again).
        if (text) setPrompt((current) => (onArrival && current.trim() ? current : text));
      }
      if (urlSets.ratio === null && (RATIOS as readonly string[]).includes(image.ratio)) setRatio(image.ratio);
      // A photo page is shared by a choice made for that page: an earlier shared one does not carry it over.
      if (urlSets.isPublic === null && image.type === 'text2image') setVisibility((current) => ({ ...current, text2image: image.isPublic }));
    },
    [lang, urlSets],
  );

  const selectImage = useCallback(
    (type: ImageType, image: ImageDto) => {
      setSelected((current) => ({ ...current, [type]: image.id }));
      setInlineError(null);
      restoreFrom(image);
    },
    [restoreFrom],
  );

  // The user's history of both tabs; the newest of the open tab is selected.
  const userId = user?.userId ?? null;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    for (const type of TABS) {
      fetchUserImages({ type, pageSize: 30 }, controller.signal)
        .then((list) => {
          setHistory((current) => ({ ...current, [type]: list.images }));
          if (list.images[0]) {
            setSelected((current) => (current[type] ? current : { ...current, [type]: list.images[0].id }));
            if (type === initialTab) restoreFrom(list.images[0], true);
          }
        })
        .catch(() => {
          if (!controller.signal.aborted) setHistory((current) => ({ ...current, [type]: [] }));
        });
    }
    return () => controller.abort();
    // restoreFrom only on the first list of the first tab
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  // Signed out, there is no history: the examples show.
  const history: PerTab<ImageDto[] | null> = userId ? loadedHistory : { text2image: [], image2image: [] };

  // Examples load once per tab, only when that tab has no history.
  const tabHistory = history[tab];
  const needsExamples = tabHistory !== null && tabHistory.length === 0;
  const examplesOfTab = examples[tab];
  useEffect(() => {
    if (!needsExamples || examplesOfTab !== null || examplesFailed[tab]) return;
    const type = tab;
    // Chosen pages (the library's best until some are chosen), never strangers' latest.
    fetchExamples(type)
      .then((list) => {
        setExamples((current) => ({ ...current, [type]: list.images }));
      })
      .catch(() => setExamplesFailed((current) => ({ ...current, [type]: true })));
  }, [needsExamples, examplesOfTab, examplesFailed, tab]);

  const onCompleted = useCallback(
    (image: ImageDto, type: ImageType) => {
      setHistory((current) => ({ ...current, [type]: [image, ...(current[type] ?? []).filter((other) => other.id !== image.id)] }));
      setSelected((current) => ({ ...current, [type]: image.id }));
      setAttention((current) => ({ target: 'result', seq: (current?.seq ?? 0) + 1 }));
      setAnnouncement(t('generator.ready', { title: localizedText(image.title, lang) }));
      void reloadUser();
    },
    [lang, reloadUser, t],
  );
  const { state: generation, start, reset } = useGeneration(onCompleted);
  const generating = generation.phase === 'generating';
  // A failed task was refunded: the header's balance follows.
  const failed = generation.phase === 'failed';
  useEffect(() => {
    if (failed) void reloadUser();
  }, [failed, reloadUser]);
  const shownGeneration = generation.type === tab ? generation : { phase: 'idle' as const, progress: 0, error: null, type: null };

  function switchTab(next: ImageType) {
    if (next === tab) return;
    setTab(next);
    setInlineError(null);
    if (generation.phase === 'failed') reset();
    const target = next === 'text2image' ? paths.textColoringPage.getHref(lang) : paths.imageColoringPage.getHref(lang);
    // The same screen stays mounted (both routes render it); the address follows the tab.
    void navigate(target, { replace: true });
    if (!desktop) window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  /** Private is a paid option for text pages only: nobody is asked to pay to keep a photo page private. */
  const visibilityLocked = tab === 'text2image' && (!user || !isPaidLevel(user.membershipLevel));

  function onToggleVisibility() {
    if (visibilityLocked && visibility[tab]) {
      setUpgradeOpen(true);
      return;
    }
    setVisibility((current) => ({ ...current, [tab]: !current[tab] }));
  }

  function returnPath() {
    const { rest } = splitLang(location.pathname);
    const current = tab === 'text2image' ? '/text-coloring-page' : '/image-coloring-page';
    const query = new URLSearchParams();
    if (tab === 'text2image' && prompt.trim()) query.set('prompt', prompt.trim());
    if (ratio !== DEFAULT_RATIO) query.set('ratio', ratio);
    const suffix = query.toString();
    return rest === current || rest.startsWith(current) ? `${current}${suffix ? `?${suffix}` : ''}` : current;
  }

  async function generate() {
    if (generating) return;
    if (!user) {
      void navigate(paths.login.getHref(lang, { redirectTo: returnPath(), reason: 'login-required' }));
      return;
    }
    if (user.credits < GENERATION_COST) {
      void navigate(paths.price.getHref(lang), { state: { notice: 'insufficient-credits' } });
      return;
    }
    if (tab === 'text2image') {
      if (!prompt.trim()) return raise('prompt', t('generator.errors.promptRequired'));
      if (promptLength(prompt) > PROMPT_MAX) return raise('prompt', t('validation.promptTooLong'));
    } else if (!upload) {
      return raise('upload', t('generator.errors.uploadRequired'));
    }
    setInlineError(null);
    const isPublic = visibility[tab];
    const submit =
      tab === 'text2image'
        ? (key: string) => submitTextGeneration({ prompt: prompt.trim(), ratio, difficulty, isPublic, lang }, key)
        : (key: string) => submitImageGeneration({ file: upload!.file, ratio: photoRatio, fit: photoFit, subjectOnly, difficulty, isPublic, lang }, key);
    try {
      // The header shows the debit as soon as the task is accepted, not only when the page is done.
      if (await start(tab, submit)) void reloadUser();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.insufficientCredits) {
        void reloadUser();
        void navigate(paths.price.getHref(lang), { state: { notice: 'insufficient-credits' } });
        return;
      }
      if (apiError.code === ErrorCode.privateNeedsPaidPlan) {
        setUpgradeOpen(true);
        return;
      }
      const field = tab === 'text2image' ? 'prompt' : 'upload';
      const fieldKey = Object.values(apiError.fields)[0];
      const onField = [ErrorCode.promptEmpty, ErrorCode.promptTooLong, ErrorCode.contentFiltered, ErrorCode.imageTooLarge, ErrorCode.formatUnsupported, ErrorCode.uploadRejected].includes(
        apiError.code as never,
      );
      const blockedTerm = apiError.code === ErrorCode.contentFiltered ? apiError.details.blockedTerm : undefined;
      const text =
        typeof blockedTerm === 'string'
          ? t('generator.errors.blockedTerm', { term: blockedTerm })
          : fieldKey
            ? t(fieldKey, { defaultValue: errorText(t, failure) })
            : errorText(t, failure);
      raise(onField || fieldKey ? field : 'form', text);
    }
  }

  async function onImprove() {
    setImproveError(null);
    if (!user) {
      void navigate(paths.login.getHref(lang, { redirectTo: returnPath(), reason: 'login-required' }));
      return;
    }
    if (!prompt.trim()) {
      raise('prompt', t('generator.errors.promptRequired'));
      return;
    }
    setImproving(true);
    try {
      setPrompt(await improvePrompt({ prompt: prompt.trim(), difficulty, lang }));
      setInlineError(null);
    } catch (failure) {
      setImproveError(errorText(t, failure));
    } finally {
      setImproving(false);
    }
  }

  async function recreate(example: ImageDto) {
    setInlineError(null);
    if (tab === 'text2image') {
      const text = localizedText(example.prompt, lang) || localizedText(example.title, lang) || localizedText(example.description, lang);
      if (!text) {
        raise('prompt', t('generator.errors.noExamplePrompt'));
        return;
      }
      setPrompt(text);
      setRatio(normalizeRatio(example.ratio));
      if (user && isPaidLevel(user.membershipLevel)) setVisibility((current) => ({ ...current, text2image: example.isPublic }));
      return;
    }
    setRecreating(example.id);
    try {
      // An example's coloured version plays the photo: nobody's own photo is ever public.
      await setUploadFile(await fetchImageAsFile(example.colorUrl || example.coloringUrl, 'example'));
      setRatio(normalizeRatio(example.ratio));
    } catch {
      raise('upload', t('generator.errors.exampleLoad'));
    } finally {
      setRecreating(null);
    }
  }

  function onDeleted(id: string) {
    setDeleting(null);
    setHistory((current) => {
      const next = { ...current };
      for (const type of TABS) next[type] = current[type]?.filter((image) => image.id !== id) ?? null;
      setSelected((chosen) => {
        const out = { ...chosen };
        for (const type of TABS) if (chosen[type] === id) out[type] = next[type]?.[0]?.id ?? null;
        return out;
      });
      return next;
    });
  }

  function clearSettings() {
    setPrompt('');
    if (upload) URL.revokeObjectURL(upload.url);
    setUpload(null);
    setRatio(DEFAULT_RATIO);
    setPhotoRatio(null);
    setPhotoFit('fit');
    setSubjectOnly(false);
    setDifficulty(DEFAULT_DIFFICULTY);
    setInlineError(null);
    if (generation.phase === 'failed') reset();
  }

  const measured = upload && upload.width && upload.height ? { ...upload, width: upload.width, height: upload.height } : null;
  const pageRatio = photoRatio ?? (measured ? nearestRatio(measured.width, measured.height) : null);

  const images = history[tab];
  const selectedImage = images?.find((image) => image.id === selected[tab]) ?? null;
  const showExamples = images !== null && images.length === 0;
  const short = user !== null && user.credits < GENERATION_COST;
  const generateLabel = generating
    ? t('generator.generating')
    : shownGeneration.phase === 'failed'
      ? t('generator.regenerate')
      : t('generator.generate');

  const tabs = (
    <TabList
      label={t('generator.tabsLabel')}
      tabs={TABS}
      selected={tab}
      onSelect={switchTab}
      idPrefix="generator"
      panelId="generator-panel"
      className="grid grid-cols-2 gap-1 rounded-full bg-slate-100 p-1"
      tabClassName={(active) => `min-h-10 rounded-full px-3 text-sm font-semibold transition-colors ${active ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
    >
      {(type) => t(`generator.tabs.${type}`)}
    </TabList>
  );

  const generateButton = (
    <Button onClick={() => void generate()} loading={generating} className="w-full text-base" aria-describedby="generate-cost">
      {generateLabel}
      {!generating ? (
        <span id="generate-cost" className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-bold">
          {t('generator.cost', { credits: GENERATION_COST })}
        </span>
      ) : null}
    </Button>
  );

  const settings = (
    <div className="flex flex-col gap-5">
      {desktop ? tabs : null}
      {tab === 'text2image' ? (
        <div data-attention="prompt" className="scroll-my-24">
          <PromptBox
            value={prompt}
            onChange={(value) => {
              setPrompt(value);
              if (inlineError?.field === 'prompt') setInlineError(null);
            }}
            error={inlineError?.field === 'prompt' ? inlineError.text : null}
            onImprove={onImprove}
            improving={improving}
            improveError={improveError}
          />
        </div>
      ) : (
        <UploadBox
          upload={upload}
          onFile={(file) => void setUploadFile(file)}
          onRemove={() => {
            if (upload) URL.revokeObjectURL(upload.url);
            setUpload(null);
          }}
          error={inlineError?.field === 'upload' ? inlineError.text : null}
        />
      )}
      {tab === 'image2image' && measured && pageRatio ? <PhotoFrame upload={measured} ratio={pageRatio} matched={photoRatio === null} fit={photoFit} onFit={setPhotoFit} /> : null}
      {tab === 'image2image' ? <SubjectOnlyToggle checked={subjectOnly} onChange={setSubjectOnly} /> : null}
      <DifficultyPicker value={difficulty} onChange={setDifficulty} />
      {tab === 'text2image' ? <RatioPicker value={ratio} onChange={setRatio} /> : <RatioPicker value={photoRatio} onChange={setPhotoRatio} matchPhoto />}
      <VisibilitySwitch isPublic={visibility[tab]} photo={tab === 'image2image'} locked={visibilityLocked} onToggle={onToggleVisibility} />
      {showExamples ? (
        <ExamplesPanel type={tab} examples={examples[tab]} failed={examplesFailed[tab]} count={mobile ? 2 : 3} busyId={recreating} onRecreate={(example) => void recreate(example)} />
      ) : null}
      {inlineError?.field === 'form' ? (
        <p role="alert" tabIndex={-1} data-attention="form" className="scroll-my-24 text-sm text-rose-700">
          {inlineError.text}
        </p>
      ) : null}
      <div className={mobile ? 'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 py-3 pl-3 pr-20 backdrop-blur' : ''}>
        {generateButton}
        {short ? (
          <p className="mt-2 text-center text-xs text-slate-600">
            {t('generator.short', { credits: GENERATION_COST })}{' '}
            <Link to={paths.price.getHref(lang)} className="font-semibold text-brand-700 underline">
              {t('generator.topUp')}
            </Link>
          </p>
        ) : null}
      </div>
      <button type="button" onClick={clearSettings} className="self-center text-sm font-medium text-slate-500 underline-offset-2 hover:text-slate-800 hover:underline">
        {t('generator.clear')}
      </button>
    </div>
  );

  const preview = (
    <PreviewPanel
      generation={shownGeneration}
      image={selectedImage}
      ratio={tab === 'text2image' ? ratio : (pageRatio ?? ratio)}
      onDelete={(image) => setDeleting(image.id)}
      onReport={(image) => setReporting(image.id)}
      onRegenerate={() => void generate()}
      compact={!desktop}
    />
  );

  return (
    <div ref={root} className={`mx-auto max-w-7xl px-4 py-6 sm:px-6 ${mobile ? 'pb-28' : ''}`}>
      <h1 className="mb-5 text-center text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{t(`generator.heading.${tab}`)}</h1>
      {desktop ? (
        <div id="generator-panel" role="tabpanel" aria-labelledby={`generator-tab-${tab}`} className="grid grid-cols-[360px_minmax(0,1fr)_140px] items-start gap-6">
          <div className="rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200">{settings}</div>
          <div className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">{preview}</div>
          <HistoryStrip type={tab} images={images} selectedId={selected[tab]} onSelect={(image) => selectImage(tab, image)} layout="column" />
        </div>
      ) : (
        <div id="generator-panel" role="tabpanel" aria-labelledby={`generator-tab-${tab}`} className="flex flex-col gap-4">
          {tabs}
          {/* The prompt or the photo first: the page appears below and is scrolled to when it is ready (decision 061). */}
          <div className="rounded-3xl bg-slate-50 p-4 ring-1 ring-slate-200">{settings}</div>
          <div className="rounded-3xl bg-white p-4 ring-1 ring-slate-200">{preview}</div>
          <HistoryStrip type={tab} images={images} selectedId={selected[tab]} onSelect={(image) => selectImage(tab, image)} layout="row" />
        </div>
      )}

      <p role="status" className="sr-only">
        {announcement}
      </p>
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <DeleteImageDialog imageId={deleting} onDeleted={onDeleted} onCancel={() => setDeleting(null)} />
      {reporting ? <ReportDialog imageId={reporting} open onClose={() => setReporting(null)} /> : null}
    </div>
  );
}
