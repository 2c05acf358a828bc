//! The manager's actions on a card: edit, roles, tags, password, "Войти как", delete or restore.
//! Deleting and acting as the user ask first; one's own password is changed in the settings.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { TagBadge } from '../../components/TagBadge';
import { api } from '../../lib/api/client';
import { declineName } from '../../lib/declension';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { ROLE_NAMES, ROLES, to, type UserCard } from '../../lib/person';
import { switchAccount } from '../../lib/session';
import type { Tag } from '../../lib/tags';
import { addToast } from '../../lib/toasts';
import { userUrl } from '../../lib/useCard';
import { currentUser, isActing } from '../../lib/user';
import { paths } from '../../paths';
import { ChoicesDialog, type ChoicesProps } from './ChoicesDialog';
import { PasswordDialog } from './PasswordDialog';
import { deleteWarning } from './people';

interface Props {
  card: UserCard;
  tags: readonly Tag[];
  onChange: (card: UserCard) => void;
  onReload: () => void;
}

const post = async (url: string, body?: unknown) => (await api<Ok<'users_restore'>>(url, { method: 'POST', body })).data;

function choose<V extends string | number>(props: ChoicesProps<V>) {
  return openOverlay<UserCard>(createOverlay(ChoicesDialog<V>, { props, destroyOnClose: true }));
}

export function UserActions({ card, tags, onChange, onReload }: Props) {
  const { user } = useSnapshot(currentUser);
  const changed = (next: UserCard | undefined) => next && onChange(next);

  const editRoles = async () =>
    changed(
      await choose({
        title: 'Роли',
        options: ROLES.map((role) => ({ value: role as string, label: ROLE_NAMES[role] })),
        initial: card.roles,
        save: (roles) => post(userUrl(card.id, 'update-roles'), { roles }),
      }),
    );
  const editTags = async () =>
    changed(
      await choose({
        title: 'Теги',
        options: tags.map((tag) => ({ value: tag.id, label: <TagBadge tag={tag} /> })),
        initial: card.tags,
        save: (ids) => post(userUrl(card.id, 'tags/attach'), { tags: ids }),
      }),
    );
  const password = () => void openOverlay(createOverlay(PasswordDialog, { props: { userId: card.id, email: card.email }, destroyOnClose: true }));

  const actAs = async () => {
    const sure = await confirm({
      title: 'Войти как этот пользователь?',
      message: `Вы увидите портал глазами ${declineName(card, 'genitive') ?? `пользователя ${card.full_name}`} и сможете действовать от имени этого пользователя. Вернуться в свой аккаунт можно кнопкой вверху страницы.`,
      action: 'Войти',
    });
    if (sure) await switchAccount(userUrl(card.id, 'login'));
  };
  const remove = async () => {
    const sure = await confirm({
      title: 'Удалить пользователя?',
      message: deleteWarning(card),
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return;
    await api(userUrl(card.id), { method: 'DELETE' });
    addToast({ color: 'success', title: 'Пользователь удалён', description: card.full_name });
    onReload();
  };
  const restore = async () => {
    onChange(await post(userUrl(card.id, 'restore')));
    addToast({ color: 'success', title: 'Пользователь восстановлен', description: card.full_name });
  };
  const run = (action: () => Promise<unknown>) => () => void action().catch(() => undefined);

  const self = card.id === user?.id;
  return (
    <aside className="user-actions" aria-label="Действия">
      <Link to={to(paths.userUpdate, card.id)} role="button" className="secondary outline">
        <Icon name="edit" size={18} /> Редактировать
      </Link>
      <button type="button" className="secondary outline" onClick={run(editRoles)}>
        Роли
      </button>
      {tags.length > 0 && (
        <button type="button" className="secondary outline" onClick={run(editTags)}>
          <Icon name="tag" size={18} /> Теги
        </button>
      )}
      {!self && (
        <button type="button" className="secondary outline" onClick={password}>
          <Icon name="key" size={18} /> Пароль
        </button>
      )}
      {!self && !isActing(user) && !card.deleted_at && !card.roles.includes('manager') && (
        <button type="button" className="secondary outline" onClick={run(actAs)}>
          <Icon name="signIn" size={18} /> Войти как
        </button>
      )}
      {card.deleted_at ? (
        <button type="button" onClick={run(restore)}>
          Восстановить
        </button>
      ) : (
        !self && (
          <button type="button" className="danger outline" onClick={run(remove)}>
            <Icon name="trash" size={18} /> Удалить
          </button>
        )
      )}
    </aside>
  );
}
