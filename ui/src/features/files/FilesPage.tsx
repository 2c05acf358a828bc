//! /users/{id}/files (manager): the user's file cabinet under the user's header and tabs: a
//! table of files, upload by button or drag-and-drop with a progress bar, download, delete after
//! confirming. The server's size limit is shown before a file is chosen, and a larger file is
//! refused here, before it is sent.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useParams } from 'react-router';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { upload } from '../../lib/api/upload';
import { addToast } from '../../lib/toasts';
import { useCard } from '../../lib/useCard';
import { formatDateTime, formatSize } from '../../lib/format';
import { filesUrl, oversized, typeLabel, uploadError, type StoredFile } from './files';
import './files.css';

export default function FilesPage() {
  const id = Number(useParams().id);
  const card = useCard(id);
  const [files, setFiles] = useState<StoredFile[] | null>(null);
  const [limit, setLimit] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = (signal?: AbortSignal) =>
    api<Ok<'files_list'>>(filesUrl(id), { signal }).then(
      ({ data, meta }) => {
        setFiles(data);
        setLimit(meta.max_upload_bytes);
      },
      (failure: unknown) => {
        if (failure instanceof ApiError) setStatus(failure.status);
      },
    );

  useEffect(() => {
    const controller = new AbortController();
    setFiles(null);
    setStatus(null);
    void load(controller.signal);
    return () => controller.abort();
  }, [id]);

  const send = async (file: File) => {
    const refused = oversized(file, limit);
    if (refused) {
      setError(refused);
      if (input.current) input.current.value = '';
      return;
    }
    setProgress(0);
    try {
      await upload(filesUrl(id), { file }, { onProgress: setProgress, ownFailure: (s) => s === 413 || s === 422 });
      addToast({ color: 'success', title: 'Файл загружен', description: file.name });
      await load();
    } catch (failure) {
      setError(uploadError(failure));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const sendAll = async (list: FileList | null) => {
    setError('');
    for (const file of Array.from(list ?? [])) await send(file);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (progress === null) void sendAll(event.dataTransfer.files);
  };

  const remove = async (file: StoredFile) => {
    const sure = await confirm({
      title: 'Удалить файл?',
      message: `Файл «${file.name}» будет удалён без возможности восстановления.`,
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return;
    try {
      await api(filesUrl(id, file.id), { method: 'DELETE' });
      setFiles((current) => current?.filter((f) => f.id !== file.id) ?? null);
      addToast({ color: 'success', title: 'Файл удалён', description: file.name });
    } catch {
      // The client has already shown what went wrong.
    }
  };

  const busy = progress !== null;
  const cabinet = (
    <section className="files-page">
      <div
        className="drop-zone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Перетащите файлы сюда или</p>
        <label className="upload-button" role="button" aria-disabled={busy} aria-busy={busy}>
          Выбрать файл
          <input ref={input} type="file" multiple disabled={busy} aria-describedby="upload-limit" onChange={(event) => void sendAll(event.target.files)} />
        </label>
        {limit !== null && (
          <p className="upload-limit muted" id="upload-limit">
            Файл до {formatSize(limit)}
          </p>
        )}
        {busy && <progress value={Math.round(progress * 100)} max={100} aria-label="Загрузка файла" />}
        {error && (
          <p className="upload-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {files === null ? (
        <p aria-busy="true">Загружаем файлы…</p>
      ) : files.length === 0 ? (
        <div className="empty-state">
          <p>Файлов пока нет.</p>
        </div>
      ) : (
        <table className="data-table files-table">
          <thead>
            <tr>
              <th>Название</th>
              <th>Размер</th>
              <th>Тип</th>
              <th>Загружен</th>
              <th aria-label="Действия" />
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.id}>
                <td data-label="Название">
                  <a href={filesUrl(id, file.id)} download={file.name} className="file-name">
                    {file.name}
                  </a>
                </td>
                <td data-label="Размер">{formatSize(file.size)}</td>
                <td data-label="Тип" title={file.content_type}>
                  {typeLabel(file)}
                </td>
                <td data-label="Загружен">{formatDateTime(file.uploaded_at)}</td>
                <td data-label="Действия">
                  <button type="button" className="secondary outline small" onClick={() => void remove(file)} aria-label={`Удалить ${file.name}`}>
                    Удалить
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
  return (
    <UserHeader card={card.card} status={card.status} heading="Файлы">
      {status === null ? (
        cabinet
      ) : (
        <div className="empty-state">
          <p>{status === 404 ? 'Такого пользователя нет.' : 'Не удалось загрузить файлы.'}</p>
        </div>
      )}
    </UserHeader>
  );
}
