import { describe, expect, it } from 'vitest';
import { kopecksFromText, textFromKopecks } from './money';

describe('money typed in roubles', () => {
  it('reads roubles with kopecks the ways people type them', () => {
    expect(kopecksFromText('1 234,50 ₽')).toBe(123450);
    expect(kopecksFromText('1\u00a0234,50\u00a0₽')).toBe(123450);
    expect(kopecksFromText('1234.5')).toBe(123450);
    expect(kopecksFromText('800')).toBe(80000);
    expect(kopecksFromText('0,05')).toBe(5);
    expect(kopecksFromText('  ')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    expect(kopecksFromText('12,345')).toBeNaN();
    expect(kopecksFromText('-5')).toBeNaN();
    expect(kopecksFromText('сто')).toBeNaN();
  });

  it('writes kopecks back so that they read again the same', () => {
    expect(textFromKopecks(123450)).toBe('1\u00a0234,50\u00a0₽');
    expect(kopecksFromText(textFromKopecks(123450))).toBe(123450);
    expect(textFromKopecks(null)).toBe('');
  });
});
