//! Plain text as the person typed it (line breaks kept) with its web addresses made links that
//! open in a new tab; nothing in the text is ever read as markup.
import { Fragment } from 'react';

/** An address starting http(s):// or www., up to a space; a final full stop, comma or bracket is the sentence's. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = /[.,;:!?)»"']+$/u;

export interface Piece {
  text: string;
  /** The address a link goes to, when the piece is one. */
  href?: string;
}

/** The text cut into plain pieces and links. */
export function linkPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ text: link, href: link.toLowerCase().startsWith('www.') ? `https://${link}` : link });
    at = start + link.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {linkPieces(text).map((piece, index) =>
        piece.href ? (
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
