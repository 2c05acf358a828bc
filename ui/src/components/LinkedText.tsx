//! Plain text as the person typed it (line breaks kept) with its web addresses made links that
//! open in a new tab; nothing in the text is ever read as markup.
import { Fragment } from 'react';
import { linkify } from '../lib/linkify';

export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {linkify(text).map((piece, index) =>
        'href' in piece ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </a>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </span>
  );
}
