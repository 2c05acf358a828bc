import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify as linkPieces } from '../lib/linkify';
import { LinkedText } from './LinkedText';

describe('plain text with its links', () => {
  it('cuts out addresses, leaving the sentence its full stop and brackets', () => {
    expect(linkPieces('См. https://example.org/a?b=1. И (www.klass.ru)')).toEqual([
      { text: 'См. ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: '. И (' },
      { text: 'www.klass.ru', href: 'https://www.klass.ru' },
      { text: ')' },
    ]);
    expect(linkPieces('без ссылок')).toEqual([{ text: 'без ссылок' }]);
  });

  it('never reads the text as markup and opens links in a new tab', () => {
    const html = renderToStaticMarkup(<LinkedText text={'<b>жирно</b> http://a.ru'} />);
    expect(html).toContain('&lt;b&gt;жирно&lt;/b&gt;');
    expect(html).toContain('<a href="http://a.ru" target="_blank" rel="noopener noreferrer">http://a.ru</a>');
  });

  it('leaves javascript: and other schemes as text', () => {
    expect(linkPieces('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
