//! A person's boards: one tab per board (the chosen one kept in `?board=`, so a reload shows it
//! again), «Новая доска», and for the open board its columns, renaming and deleting (its cards
//! leave the board, the tasks stay).
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { ApiError } from '../../lib/api/client';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { boardsApi, type Board } from './api';
import { BoardNameDialog } from './BoardNameDialog';
import { BoardView } from './BoardView';
import { ColumnsDialog } from './ColumnsDialog';
import { useBoard } from './useBoard';

function useBoards(owner: number) {
  const [boards, setBoards] = useState<Board[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    boardsApi.of(owner, controller.signal).then(
      (found) => setBoards(found),
      (error: unknown) => error instanceof ApiError && setFailed(true),
    );
    return () => controller.abort();
  }, [owner, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  /** Takes a deleted board off the tabs at once (the list is then read again). */
  const drop = useCallback((id: number) => {
    setBoards((old) => old?.filter((board) => board.id !== id) ?? null);
    reload();
  }, [reload]);
  return { boards, failed, reload, drop };
}

function OpenBoard({ id, owner, onChanged, onDeleted }: { id: number; owner: number; onChanged: () => void; onDeleted: (id: number) => void }) {
  const state = useBoard(id);
  const { board, failed, reload } = state;
  if (failed !== null) {
    return (
      <div className="empty-state">
        <p>{failed === 404 ? 'Такой доски нет: возможно, её удалили.' : 'Не удалось загрузить доску.'}</p>
        <button type="button" className="secondary outline" onClick={reload}>
          Повторить
        </button>
      </div>
    );
  }
  if (!board) return <p aria-busy="true">Загружаем доску…</p>;

  const rename = async () => {
    if (await openOverlay(createOverlay(BoardNameDialog, { props: { owner, board }, destroyOnClose: true }))) {
      reload();
      onChanged();
    }
  };
  const editColumns = async () => {
    if (await openOverlay(createOverlay(ColumnsDialog, { props: { board }, destroyOnClose: true }))) reload();
  };
  const remove = async () => {
    const count = board.cards.length;
    const message = count
      ? `Карточки доски (${count}) уйдут с неё, а сами задачи останутся в списке задач.`
      : 'На доске нет карточек.';
    if (!(await confirm({ title: `Удалить доску «${board.name}»?`, message, action: 'Удалить', danger: true }))) return;
    await boardsApi.remove(board.id);
    addToast({ color: 'success', title: 'Доска удалена', description: board.name });
    onDeleted(board.id);
  };

  return (
    <>
      <div className="board-toolbar">
        <button type="button" className="secondary outline" onClick={() => void editColumns()}>
          Колонки
        </button>
        <button type="button" className="secondary outline" onClick={() => void rename()}>
          <Icon name="edit" size={18} /> Переименовать
        </button>
        <button type="button" className="danger outline" onClick={() => void remove().catch(() => undefined)}>
          <Icon name="trash" size={18} /> Удалить
        </button>
      </div>
      <BoardView state={state} owner={owner} />
    </>
  );
}

export function Boards({ owner }: { owner: number }) {
  const { boards, failed, reload, drop } = useBoards(owner);
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('board'));
  const selected = boards?.find((board) => board.id === asked) ?? boards?.[0] ?? null;
  const choose = (id: number | null, replace = false) => setSearch(id === null ? {} : { board: String(id) }, { replace });

  const create = async () => {
    const made = await openOverlay<Board>(createOverlay(BoardNameDialog, { props: { owner }, destroyOnClose: true }));
    if (made) {
      reload();
      choose(made.id);
    }
  };

  if (failed) {
    return (
      <div className="empty-state">
        <p>Не удалось загрузить доски.</p>
        <button type="button" className="secondary outline" onClick={reload}>
          Повторить
        </button>
      </div>
    );
  }
  if (!boards) return <p aria-busy="true">Загружаем доски…</p>;
  return (
    <div className="boards">
      <div className="boards-bar">
        {boards.length > 0 && (
          <nav className="tabs boards-tabs" aria-label="Доски">
            {boards.map((board) => (
              <Link key={board.id} to={`?board=${board.id}`} className={board.id === selected?.id ? 'active' : undefined} aria-current={board.id === selected?.id ? 'page' : undefined}>
                {board.name}
              </Link>
            ))}
          </nav>
        )}
        <button type="button" onClick={() => void create()}>
          <Icon name="plus" size={18} /> Новая доска
        </button>
      </div>
      {selected ? (
        <OpenBoard key={selected.id} id={selected.id} owner={owner} onChanged={reload} onDeleted={(id) => { drop(id); choose(null, true); }} />
      ) : (
        <div className="empty-state">
          <p>Досок пока нет. На доске задачи раскладываются по колонкам «К выполнению», «В работе», «Готово» и перетаскиваются между ними.</p>
        </div>
      )}
    </div>
  );
}
