import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, PALETTE } from './palette';
import { TAG_COLOURS } from './tags';
import { PRIMARY_COLOURS } from './theme';

describe('the palette', () => {
  it('is the one list of spec §9 for tags and the primary colour', () => {
    expect(PALETTE).toHaveLength(18);
    expect(TAG_COLOURS).toBe(PALETTE);
    expect(PRIMARY_COLOURS).toBe(PALETTE);
  });

  it('names every colour once, in Russian', () => {
    const names = PALETTE.map((colour) => COLOUR_NAMES[colour]);
    expect(new Set(names).size).toBe(PALETTE.length);
    for (const name of names) expect(name).toMatch(/^[А-ЯЁ][а-яё-]+$/);
  });
});
