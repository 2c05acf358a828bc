//! Plain text with its web addresses made into links (a task's description): the text split
//! into pieces, each either words or an address (`http(s)://…` or `www.…`), trailing punctuation
//! left out of the address.

export type Piece = { text: string } | { text: string; href: string };

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"«»]+/giu;
const TRAILING = /[.,;:!?)\]}'’”]+$/u;

export function linkify(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const at = match.index;
    if (at > last) pieces.push({ text: text.slice(last, at) });
    pieces.push({ text: address, href: address.toLowerCase().startsWith('www.') ? `https://${address}` : address });
    last = at + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
