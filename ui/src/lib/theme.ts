//! Colour mode and primary colour (spec §3, §4, §9): light, dark or system; `dark` class and
//! Pico's `data-theme` on <html>; `localStorage.theme`; default light; a page may force a mode.
import { proxy, subscribe } from 'valtio';
import { PALETTE, type PaletteColour } from './palette';

export type ColourMode = 'light' | 'dark' | 'system';
export type Scheme = 'light' | 'dark';

export const COLOUR_MODES = ['light', 'dark', 'system'] as const satisfies readonly ColourMode[];

/** Selectable primary colours: the palette of spec §9 (styles/primary.css maps them onto Pico's). */
export const PRIMARY_COLOURS = PALETTE;
export type PrimaryColour = PaletteColour;

export const THEME_KEY = 'theme';
export const PRIMARY_KEY = 'primary-color';
export const DEFAULT_MODE: ColourMode = 'light';
export const DEFAULT_PRIMARY: PrimaryColour = 'green';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  const value = localStorage.getItem(key);
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export const theme = proxy({
  mode: DEFAULT_MODE as ColourMode,
  primary: DEFAULT_PRIMARY as PrimaryColour,
  /** What the OS prefers, kept live while the mode is system. */
  systemDark: false,
  /** A mode the current page forces, whatever the user chose. */
  forced: null as Scheme | null,
});

type ThemeState = Pick<typeof theme, 'mode' | 'systemDark' | 'forced'>;

/** The scheme on screen now (pass a snapshot to re-render on its changes). */
export function resolvedScheme(state: ThemeState = theme): Scheme {
  if (state.forced) return state.forced;
  if (state.mode === 'system') return state.systemDark ? 'dark' : 'light';
  return state.mode;
}

export function setColourMode(mode: ColourMode) {
  theme.mode = mode;
  localStorage.setItem(THEME_KEY, mode);
}

export function setPrimaryColour(colour: PrimaryColour) {
  theme.primary = colour;
  localStorage.setItem(PRIMARY_KEY, colour);
}

export function forceScheme(scheme: Scheme | null) {
  theme.forced = scheme;
}

function apply() {
  const scheme = resolvedScheme();
  const root = document.documentElement;
  root.classList.toggle('dark', scheme === 'dark');
  root.dataset.theme = scheme;
  root.dataset.primary = theme.primary;
}

/** Reads the stored choice, applies it, and keeps <html> in step with the store and the OS. */
export function startTheme(): () => void {
  theme.mode = stored(THEME_KEY, COLOUR_MODES, DEFAULT_MODE);
  theme.primary = stored(PRIMARY_KEY, PRIMARY_COLOURS, DEFAULT_PRIMARY);
  const media = window.matchMedia(DARK_QUERY);
  const follow = () => (theme.systemDark = media.matches);
  follow();
  media.addEventListener('change', follow);
  apply();
  const unsubscribe = subscribe(theme, apply, true);
  return () => {
    media.removeEventListener('change', follow);
    unsubscribe();
  };
}
