import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  canStartOver: boolean;
  erasing: boolean;
  onUndo(): void;
  onRedo(): void;
  onToggleEraser(): void;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
  onStartOver(): void;
}

const icons: Record<string, ReactNode> = {
  undo: <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />,
  redo: <path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />,
  eraser: <path d="m7 21-4.3-4.3a1 1 0 0 1 0-1.4l10-10a1 1 0 0 1 1.4 0l5.6 5.6a1 1 0 0 1 0 1.4L13 19M7 21h14M5.5 12.5l6 6" />,
  zoomIn: <path d="M11 8v6M8 11h6m7 10-4.35-4.35M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0Z" />,
  zoomOut: <path d="M8 11h6m7 10-4.35-4.35M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0Z" />,
  fit: <path d="M3 9V5a2 2 0 0 1 2-2h4m6 0h4a2 2 0 0 1 2 2v4m0 6v4a2 2 0 0 1-2 2h-4m-6 0H5a2 2 0 0 1-2-2v-4" />,
  startOver: <path d="M3 12a9 9 0 1 0 3-6.7L3 8m0-5v5h5" />,
};

function ToolButton({ icon, label, onClick, disabled, pressed, shortcut }: { icon: string; label: string; onClick(): void; disabled?: boolean; pressed?: boolean; shortcut?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={label}
      aria-label={label}
      className={`inline-flex size-10 items-center justify-center rounded-full ring-1 sm:size-11 transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${pressed ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {icons[icon]}
      </svg>
    </button>
  );
}

/** Undo, redo, eraser and zoom: round icon buttons, each with its name (and shortcut) for screen readers. */
export function ColouringToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div role="toolbar" aria-label={t('colouring.tools.label')} className="flex flex-wrap items-center gap-2">
      <ToolButton icon="undo" label={t('colouring.tools.undo')} onClick={props.onUndo} disabled={!props.canUndo} shortcut="Control+Z" />
      <ToolButton icon="redo" label={t('colouring.tools.redo')} onClick={props.onRedo} disabled={!props.canRedo} shortcut="Control+Shift+Z" />
      <ToolButton icon="eraser" label={t('colouring.tools.eraser')} onClick={props.onToggleEraser} pressed={props.erasing} shortcut="E" />
      <span className="mx-0.5 hidden h-6 w-px bg-slate-300 sm:block" aria-hidden="true" />
      <ToolButton icon="zoomOut" label={t('colouring.tools.zoomOut')} onClick={props.onZoomOut} shortcut="-" />
      <ToolButton icon="zoomIn" label={t('colouring.tools.zoomIn')} onClick={props.onZoomIn} shortcut="+" />
      <ToolButton icon="fit" label={t('colouring.tools.fit')} onClick={props.onFit} shortcut="0" />
      <span className="mx-0.5 hidden h-6 w-px bg-slate-300 sm:block" aria-hidden="true" />
      <ToolButton icon="startOver" label={t('colouring.tools.startOver')} onClick={props.onStartOver} disabled={!props.canStartOver} />
    </div>
  );
}
