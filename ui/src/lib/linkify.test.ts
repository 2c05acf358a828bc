import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes addresses links and keeps the words around them', () => {
    expect(linkify('Бланк: https://school.ru/a?b=1, и www.mos.ru.')).toEqual([
      { text: 'Бланк: ' },
      { text: 'https://school.ru/a?b=1', href: 'https://school.ru/a?b=1' },
      { text: ', и ' },
      { text: 'www.mos.ru', href: 'https://www.mos.ru' },
      { text: '.' },
    ]);
  });

  it('leaves text without addresses whole', () => {
    expect(linkify('Позвонить маме Ёжикова')).toEqual([{ text: 'Позвонить маме Ёжикова' }]);
    expect(linkify('')).toEqual([]);
  });
});
