//! /tags (staff): the school's tags with how many people carry each — searched, sorted and paged
//! by the list kit — create, rename, recolour, delete (after a confirmation).
import { confirmDelete } from '../../components/confirmDelete';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { SearchField } from '../../components/SearchField';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { countPeople } from '../../lib/plural';
import { useTags, type Tag } from '../../lib/tags';
import { useLocalListPage } from '../../lib/useListPage';
import { endpoints } from '../../paths';
import { TAG_SORTS, tagFilters, tagRules } from './tags';
import { TagDialog } from './TagDialog';
import { TagsTable } from './TagsTable';
import './tags.css';

export default function TagsPage() {
  const { tags, loaded, failed, reload } = useTags(true);
  const view = useLocalListPage(tagFilters, { rows: tags, loaded, failed, reload }, tagRules);
  const { filters, update } = view;

  const edit = async (tag?: Tag) => {
    if (await openOverlay(createOverlay(TagDialog, { props: { tag }, destroyOnClose: true }))) reload();
  };
  const remove = async (tag: Tag) => {
    const count = tag.users_count ?? 0;
    const deleted = await confirmDelete({
      title: 'Удалить тег?',
      message: count ? `Тег «${tag.name}» снимется с ${countPeople(count)}.` : `Тег «${tag.name}» пока ни у кого не стоит.`,
      url: `${endpoints.tags}/${tag.id}`,
      name: tag.name,
      done: 'Тег удалён',
    });
    if (deleted) reload();
  };

  return (
    <>
      <PageHeading title="Теги">
        <button type="button" onClick={() => void edit()}>
          <Icon name="plus" size={18} /> Создать тег
        </button>
      </PageHeading>
      <search className="filters tags-filters">
        <SearchField value={filters.search} onSearch={(search) => update({ search }, true)} placeholder="Название тега" label="Поиск по названию тега" />
      </search>
      <div className="tags-list">
        <ListResults view={view} what="теги" sorts={TAG_SORTS} empty={<p>Тегов пока нет. Теги помогают отмечать людей: «Льгота», «Подготовка к ЕГЭ», «Новичок».</p>}>
          {(rows, busy) => (
            <TagsTable
              rows={rows}
              busy={busy}
              sort={filters.sort}
              onSort={(sort) => update({ sort })}
              onEdit={(tag) => void edit(tag)}
              onRemove={(tag) => void remove(tag).catch(() => undefined)}
            />
          )}
        </ListResults>
      </div>
    </>
  );
}
