//! Interface settings: colour mode and primary colour, kept on this device.
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { validate, z } from '../../lib/forms';
import { COLOUR_NAMES } from '../../lib/palette';
import {
  COLOUR_MODES,
  PRIMARY_COLOURS,
  resolvedScheme,
  setColourMode,
  setPrimaryColour,
  theme,
  type ColourMode,
  type PrimaryColour,
} from '../../lib/theme';
import { addToast } from '../../lib/toasts';

const MODE_NAMES: Record<ColourMode, string> = { light: 'Светлая', dark: 'Тёмная', system: 'Как в системе' };

const schema = z.object({ mode: z.enum(COLOUR_MODES), primary: z.enum(PRIMARY_COLOURS) });

export default function UiSettingsPage() {
  const snap = useSnapshot(theme);
  const [mode, setMode] = useState<ColourMode>(snap.mode);
  const [primary, setPrimary] = useState<PrimaryColour>(snap.primary);
  const [error, setError] = useState<string | null>(null);
  const scheme = resolvedScheme(snap);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schema, { mode, primary });
    if (!result.ok) {
      setError(Object.values(result.errors)[0] ?? null);
      return;
    }
    setError(null);
    setColourMode(result.data.mode);
    setPrimaryColour(result.data.primary);
    addToast({ color: 'success', title: 'Настройки сохранены', description: 'Тема и цвет применены на этом устройстве' });
  };

  return (
    <>
      <h1>Интерфейс</h1>
      <form onSubmit={save} className="ui-settings">
        <fieldset>
          <legend>Тема</legend>
          {COLOUR_MODES.map((value) => (
            <label key={value}>
              <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {MODE_NAMES[value]}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Основной цвет</legend>
          <div className="swatches">
            {PRIMARY_COLOURS.map((value) => (
              <label key={value} className="swatch" data-primary={value} data-theme={scheme}>
                <input type="radio" name="primary" value={value} checked={primary === value} onChange={() => setPrimary(value)} />
                <span className="swatch-dot" aria-hidden="true" />
                {COLOUR_NAMES[value]}
              </label>
            ))}
          </div>
        </fieldset>
        {error && <p className="form-error" role="alert">{error}</p>}
        <button type="submit">Сохранить</button>
      </form>
    </>
  );
}
