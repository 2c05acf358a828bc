import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forceScheme, resolvedScheme, setColourMode, setPrimaryColour, startTheme, theme } from './theme';

/** A stand-in for the OS colour preference (jsdom has no matchMedia). */
function fakeOs(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', () => media);
  return (nowDark: boolean) => {
    media.matches = nowDark;
    listeners.forEach((fn) => fn());
  };
}

const root = document.documentElement;
const flush = () => Promise.resolve();
let stop: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  root.className = '';
  forceScheme(null);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('colour mode', () => {
  it('defaults to light', () => {
    fakeOs(true);
    stop = startTheme();
    expect(theme.mode).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.dataset.theme).toBe('light');
    expect(root.dataset.primary).toBe('green');
  });

  it('reads localStorage.theme on start', () => {
    fakeOs(false);
    localStorage.setItem('theme', 'dark');
    stop = startTheme();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.theme).toBe('dark');
  });

  it('ignores a stored value it does not know', () => {
    fakeOs(false);
    localStorage.setItem('theme', 'purple');
    stop = startTheme();
    expect(theme.mode).toBe('light');
  });

  it('dark adds the class, light removes it, and the choice is stored', async () => {
    fakeOs(false);
    stop = startTheme();
    setColourMode('dark');
    await flush();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    setColourMode('light');
    await flush();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('system follows the OS live', async () => {
    const osTurns = fakeOs(false);
    stop = startTheme();
    setColourMode('system');
    await flush();
    expect(root.classList.contains('dark')).toBe(false);
    osTurns(true);
    await flush();
    expect(resolvedScheme()).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    osTurns(false);
    await flush();
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('a page may force a scheme over the choice, and let go of it', async () => {
    fakeOs(false);
    localStorage.setItem('theme', 'dark');
    stop = startTheme();
    forceScheme('light');
    await flush();
    expect(root.classList.contains('dark')).toBe(false);
    forceScheme(null);
    await flush();
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('keeps the primary colour', async () => {
    fakeOs(false);
    stop = startTheme();
    setPrimaryColour('violet');
    await flush();
    expect(localStorage.getItem('primary-color')).toBe('violet');
    expect(root.dataset.primary).toBe('violet');
  });
});
