import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../hooks/use-media-query';

export interface Upload {
  file: File;
  url: string;
  /** From the probe; null when the picture could not be read (the box keeps its default size). */
  width: number | null;
  height: number | null;
}

/** Reads an image file's width and height through the browser's decoder. */
export function probeImage(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** Checks a chosen file's type; answers the message key of what is wrong, or null. Size is mended, not refused (shrinkToFit). */
export function uploadProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'generator.upload.notImage';
  return null;
}

/** Longest side of a photo scaled down in the browser: far more than a 2400 px page needs. */
const SHRUNK_MAX_SIDE = 4000;

/**
 * A photo over the upload limit, redrawn at most 4000 px on its longest side as a JPEG under
 * `maxBytes` (lower quality only if it must); null when the browser cannot make one.
 */
export async function shrinkToFit(url: string, size: { width: number; height: number }, maxBytes: number, name: string): Promise<File | null> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return null;
  }
  const scale = Math.min(1, SHRUNK_MAX_SIDE / Math.max(size.width, size.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(size.width * scale);
  canvas.height = Math.round(size.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.9, 0.8, 0.65]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= maxBytes) return new File([blob], name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
  }
  return null;
}

interface UploadBoxProps {
  upload: Upload | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  error: string | null;
}

/** Drag and drop or click to choose; image files only; the chosen picture shows with a remove button. */
export function UploadBox({ upload, onFile, onRemove, error }: UploadBoxProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const touch = useMediaQuery('(pointer: coarse)');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div>
      <p className="mb-2 text-sm font-semibold text-slate-800" id={`${id}-label`}>
        {t('generator.upload.label')}
      </p>
      {upload ? (
        <div className="relative flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-300">
          <img
            src={upload.url}
            alt={t('generator.upload.previewAlt')}
            width={upload.width ?? 96}
            height={upload.height ?? 96}
            className="size-24 shrink-0 rounded-xl bg-slate-100 object-contain"
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-slate-800">{upload.file.name}</p>
            <p className="text-xs text-slate-500">
              {upload.width && upload.height ? t('generator.upload.size', { width: upload.width, height: upload.height }) : t('generator.upload.sizeUnknown')}
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('generator.upload.remove')}
            className="rounded-full p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`rounded-2xl border-2 border-dashed p-6 text-center transition-colors ${over ? 'border-brand-500 bg-brand-50' : error ? 'border-rose-300 bg-white' : 'border-slate-300 bg-white'}`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-10 text-brand-500" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M4 16l4.6-4.6a2 2 0 0 1 2.8 0L16 16m-2-2 1.6-1.6a2 2 0 0 1 2.8 0L20 14M4 20h16a0 0 0 0 0 0 0V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v14zm10-12h.01" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {/* Phones and tablets have nothing to drag: they are told to choose or take a photo. */}
          <p className="mt-2 text-sm text-slate-700">{touch ? t('generator.upload.tap') : t('generator.upload.drop')}</p>
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="mt-3 inline-flex min-h-10 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('generator.upload.choose')}
          </button>
          <p className="mt-2 text-xs text-slate-500">{t('generator.upload.formats')}</p>
          <input
            ref={input}
            type="file"
            name="file"
            accept="image/*"
            aria-labelledby={`${id}-label`}
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </div>
      )}
      {error ? (
        <p role="alert" tabIndex={-1} data-attention="upload" className="mt-1.5 scroll-my-24 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
