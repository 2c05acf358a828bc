//! /tags (staff): the school's tags with how many people carry each; create, rename, recolour,
//! delete (after a confirmation).
import { Link } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { PageHeading } from '../../components/PageHeading';
import { TagBadge } from '../../components/TagBadge';
import { api } from '../../lib/api/client';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { countPeople } from '../../lib/plural';
import { useTags, type Tag } from '../../lib/tags';
import { addToast } from '../../lib/toasts';
import { endpoints, paths } from '../../paths';
import { TagDialog } from './TagDialog';
import './tags.css';

export default function TagsPage() {
  const { tags, loaded, failed, reload } = useTags(true);

  const edit = async (tag?: Tag) => {
    if (await openOverlay(createOverlay(TagDialog, { props: { tag }, destroyOnClose: true }))) reload();
  };
  const remove = async (tag: Tag) => {
    const count = tag.users_count ?? 0;
    const sure = await confirm({
      title: 'Удалить тег?',
      message: count ? `Тег «${tag.name}» снимется с ${countPeople(count)}.` : `Тег «${tag.name}» пока ни у кого не стоит.`,
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return;
    await api(`${endpoints.tags}/${tag.id}`, { method: 'DELETE' });
    addToast({ color: 'success', title: 'Тег удалён', description: tag.name });
    reload();
  };

  return (
    <>
      <PageHeading title="Теги">
        <button type="button" onClick={() => void edit()}>
          <Icon name="plus" size={18} /> Создать тег
        </button>
      </PageHeading>
      {!loaded && failed ? (
        <div className="empty-state">
          <p>Не удалось загрузить теги.</p>
          <button type="button" className="secondary outline" onClick={reload}>
            Повторить
          </button>
        </div>
      ) : !loaded ? (
        <p aria-busy="true">Загружаем теги…</p>
      ) : tags.length === 0 ? (
        <div className="empty-state">
          <p>Тегов пока нет. Теги помогают отмечать людей: «Льгота», «Подготовка к ЕГЭ», «Новичок».</p>
        </div>
      ) : (
        <ul className="tag-rows">
          {tags.map((tag) => (
            <li key={tag.id}>
              <span className="tag-row-name">
                <TagBadge tag={tag} />
                <Link to={`${paths.users}?tag=${tag.id}`} className="muted">
                  {countPeople(tag.users_count ?? 0)}
                </Link>
              </span>
              <span className="tag-row-actions">
                <button type="button" className="secondary outline" aria-label={`Изменить тег «${tag.name}»`} onClick={() => void edit(tag)}>
                  <Icon name="edit" size={18} />
                </button>
                <button type="button" className="danger outline" aria-label={`Удалить тег «${tag.name}»`} onClick={() => void remove(tag).catch(() => undefined)}>
                  <Icon name="trash" size={18} />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
