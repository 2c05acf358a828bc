//! A subject as a chip in its palette colour (the same colours as tags, legible in both modes).
import type { Subject } from '../lib/teaching';
import { TagBadge } from './TagBadge';

export function SubjectChip({ subject }: { subject: Pick<Subject, 'name' | 'color'> | undefined }) {
  if (!subject) return <span className="muted">—</span>;
  return <TagBadge tag={subject} />;
}
