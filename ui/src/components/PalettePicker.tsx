//! A colour from the palette of spec §9 as a row of round swatches (radio buttons): a tag's or a
//! subject's colour.
import { COLOUR_NAMES, PALETTE, type PaletteColour } from '../lib/palette';
import './PalettePicker.css';

interface Props {
  value: PaletteColour;
  onChange: (colour: PaletteColour) => void;
  error?: string;
}

export function PalettePicker({ value, onChange, error }: Props) {
  return (
    <fieldset className="palette" aria-invalid={error ? true : undefined}>
      <legend>Цвет</legend>
      {PALETTE.map((colour) => (
        <label key={colour} className="swatch" data-tag-colour={colour} title={COLOUR_NAMES[colour]}>
          <input type="radio" name="color" value={colour} checked={value === colour} onChange={() => onChange(colour)} />
          <span className="sr-only">{COLOUR_NAMES[colour]}</span>
        </label>
      ))}
      {error && <small className="field-error">{error}</small>}
    </fieldset>
  );
}
