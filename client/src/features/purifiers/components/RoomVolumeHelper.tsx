import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { formatNumber } from '../../../lib/numbers.ts';

/** Standard ceiling height of the room volume helper (spec section 9: length × width × 2.50). */
export const CEILING_HEIGHT_M = 2.5;

function parseMetres(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The room volume of a rectangular room, rounded to two decimals. */
export function roomVolume(length: number, width: number): number {
  return Math.round(length * width * CEILING_HEIGHT_M * 100) / 100;
}

/** Room volume helper: length × width × 2.50 fills the piece volume field. */
export function RoomVolumeHelper({ onApply }: { onApply: (volume: number) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [length, setLength] = useState('');
  const [width, setWidth] = useState('');
  const l = parseMetres(length);
  const w = parseMetres(width);
  const volume = l !== null && w !== null ? roomVolume(l, w) : null;

  if (!open) {
    return (
      <button type="button" className="link-button helper-toggle" onClick={() => setOpen(true)}>
        {t('purifier.parameters.helper.open')}
      </button>
    );
  }
  return (
    <div className="volume-helper" role="group" aria-labelledby={`${id}-title`}>
      <div className="volume-helper__head">
        <strong id={`${id}-title`}>{t('purifier.parameters.helper.title')}</strong>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          {t('purifier.parameters.helper.close')}
        </button>
      </div>
      <p className="muted small">{t('purifier.parameters.helper.text')}</p>
      <div className="volume-helper__inputs">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-length`}>
            {t('purifier.parameters.helper.length')}
          </label>
          <input
            id={`${id}-length`}
            className="input"
            inputMode="decimal"
            value={length}
            onChange={(event) => setLength(event.target.value)}
          />
        </div>
        <span className="volume-helper__times" aria-hidden="true">
          ×
        </span>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-width`}>
            {t('purifier.parameters.helper.width')}
          </label>
          <input
            id={`${id}-width`}
            className="input"
            inputMode="decimal"
            value={width}
            onChange={(event) => setWidth(event.target.value)}
          />
        </div>
        <span className="volume-helper__times" aria-hidden="true">
          ×{' '}
          {new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2 }).format(
            CEILING_HEIGHT_M,
          )}
        </span>
      </div>
      <div className="volume-helper__result">
        <span aria-live="polite">
          {volume === null
            ? ''
            : t('purifier.parameters.helper.result', {
                value: formatNumber(volume, i18n.language),
              })}
        </span>
        <Button
          variant="secondary"
          disabled={volume === null}
          onClick={() => {
            if (volume === null) return;
            onApply(volume);
            setOpen(false);
          }}
        >
          {t('purifier.parameters.helper.apply')}
        </Button>
      </div>
    </div>
  );
}
