//! A tag as a coloured badge, legible in light and dark mode; a list of them in a row.
import type { Tag } from '../lib/tags';
import './TagBadge.css';

export function TagBadge({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span className="badge tag-badge" data-tag-colour={tag.color}>
      {tag.name}
    </span>
  );
}

/** The tags of `ids` that are known, in the order of `known`. */
export function TagList({ ids, known }: { ids: readonly number[]; known: readonly Tag[] }) {
  const shown = known.filter((tag) => ids.includes(tag.id));
  if (shown.length === 0) return null;
  return (
    <span className="tag-list">
      {shown.map((tag) => (
        <TagBadge key={tag.id} tag={tag} />
      ))}
    </span>
  );
}
