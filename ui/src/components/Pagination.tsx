//! Paging under a list (spec §3 `meta`): back, "page N of M", forward; hidden on a single page.
import type { PageMeta } from '../api/types';
import { Icon } from './Icon';

interface Props {
  meta: PageMeta;
  onPage: (page: number) => void;
}

export function Pagination({ meta, onPage }: Props) {
  const { current_page: current, last_page: last } = meta;
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      <button type="button" className="secondary outline" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <Icon name="chevronLeft" size={18} />
        <span>Назад</span>
      </button>
      <span aria-live="polite">
        Страница {current} из {last}
      </span>
      <button type="button" className="secondary outline" disabled={current >= last} onClick={() => onPage(current + 1)}>
        <span>Вперёд</span>
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}
