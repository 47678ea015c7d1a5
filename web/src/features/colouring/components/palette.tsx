import { useTranslation } from 'react-i18next';
import { PALETTE } from '../lib/colours';

interface PaletteProps {
  colour: string;
  erasing: boolean;
  recent: string[];
  onChoose(hex: string): void;
}

function Swatch({ hex, label, selected, onChoose }: { hex: string; label: string; selected: boolean; onChoose(hex: string): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      title={label}
      onClick={() => onChoose(hex)}
      className={`size-11 shrink-0 rounded-full ring-offset-2 transition-transform hover:scale-105 ${selected ? 'ring-4 ring-brand-600' : 'ring-1 ring-slate-300'}`}
      style={{ backgroundColor: hex }}
    />
  );
}

/** The palette: named colours, the recent ones, and any colour from the system picker. */
export function Palette({ colour, erasing, recent, onChoose }: PaletteProps) {
  const { t } = useTranslation();
  const nameOf = (hex: string) => {
    const known = PALETTE.find((entry) => entry.hex === hex);
    return known ? t(`colouring.colours.${known.id}`) : t('colouring.customColour', { hex });
  };
  return (
    <section aria-labelledby="palette-title" className="rounded-3xl bg-white p-3 ring-1 ring-slate-200 lg:p-4">
      <h2 id="palette-title" className="sr-only text-sm font-bold text-slate-900 lg:not-sr-only">
        {t('colouring.palette')}
      </h2>
      <div className="-mx-1 flex gap-2 overflow-x-auto p-1 lg:mx-0 lg:mt-3 lg:grid lg:grid-cols-6 lg:overflow-visible" role="group" aria-label={t('colouring.palette')}>
        {PALETTE.map((entry) => (
          <Swatch key={entry.id} hex={entry.hex} label={t(`colouring.colours.${entry.id}`)} selected={!erasing && colour === entry.hex} onChoose={onChoose} />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 lg:mt-4">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="color" value={colour} onChange={(event) => onChoose(event.target.value)} className="size-11 cursor-pointer rounded-full border-0 bg-transparent p-0" data-testid="custom-colour" />
          {t('colouring.pickAny')}
        </label>
      </div>
      {recent.length ? (
        <div className="mt-4">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase" id="recent-title">
            {t('colouring.recent')}
          </h3>
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby="recent-title" data-testid="recent-colours">
            {recent.map((hex) => (
              <Swatch key={hex} hex={hex} label={nameOf(hex)} selected={!erasing && colour === hex} onChoose={onChoose} />
            ))}
          </div>
        </div>
      ) : null}
      <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-testid="current-colour">
        {erasing ? t('colouring.erasing') : t('colouring.current', { name: nameOf(colour) })}
      </p>
    </section>
  );
}
