//! /users/import (manager): choose or drop a CSV file, check it (every row as read, what it
//! does and changes, every problem by row and column), then write it all at once — after a
//! confirmation when people already in the school change; a progress bar while it works. The
//! file is read once, when chosen: the write sends the very bytes the check saw.
import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { PageHeading } from '../../components/PageHeading';
import { formatSize } from '../../lib/format';
import { addToast } from '../../lib/toasts';
import { paths } from '../../paths';
import { ImportPreview } from './ImportPreview';
import { canCommit, changeQuestion, readCsv, rowLabel, sendCsv, type ChosenCsv, type ImportResult } from './importCsv';
import './import.css';

type Busy = null | { step: 'check' | 'write'; sent: number };

export default function ImportPage() {
  const [file, setFile] = useState<ChosenCsv | null>(null);
  const [invites, setInvites] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [written, setWritten] = useState<ImportResult | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    // Nothing to check until the new file is read: a quick «Проверить» must not send the old one.
    setFile(null);
    setPreview(null);
    setWritten(null);
    try {
      setFile(await readCsv(chosen));
    } catch {
      addToast({ color: 'error', title: 'Не удалось прочитать файл', description: chosen.name });
    } finally {
      // Choosing the same file again (edited, say) is a new choice.
      if (input.current) input.current.value = '';
    }
  };

  const run = async (step: 'check' | 'write') => {
    if (!file) return;
    const question = step === 'write' && preview ? changeQuestion(preview.report) : null;
    if (question && !(await confirm({ title: 'Изменить людей, которые уже есть?', message: question, action: 'Импортировать' }))) {
      return;
    }
    if (step === 'check') setWritten(null);
    setBusy({ step, sent: 0 });
    try {
      const result = await sendCsv(file.contents, {
        dryRun: step === 'check',
        invites,
        onProgress: (sent) => setBusy({ step, sent }),
      });
      if (step === 'check' || !result.ok) setPreview(result);
      if (step === 'write' && result.ok) setWritten(result);
    } catch {
      // The client has already shown what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const shown = written ?? preview;
  const report = shown?.report;
  // Problems of the file or its header; a data row's own are shown in its line.
  const fileErrors = report?.errors.filter((error) => !report.rows.some((row) => row.row === error.row)) ?? [];
  return (
    <section className="import-page">
      <PageHeading title="Импорт пользователей" />
      <p className="import-help">
        CSV-файл из Excel или другой таблицы: UTF-8 или Windows-1251, разделитель «;» или «,». В первой строке — названия
        столбцов: <b>Фамилия</b>, <b>Имя</b>, <b>Email</b>, Роль, Отчество, Телефон, Дата рождения (ДД.ММ.ГГГГ), Теги,
        Заметки, Email родителя. Люди с уже известным email обновляются, а не дублируются.
      </p>
      <label
        className={`import-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label="CSV-файл"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {file ? (
          <span>
            <b>{file.name}</b> · {formatSize(file.size)}
          </span>
        ) : (
          <span>Перетащите CSV-файл сюда или нажмите, чтобы выбрать</span>
        )}
      </label>
      <label className="import-invites">
        <input type="checkbox" checked={invites} onChange={(event) => setInvites(event.target.checked)} />
        Отправить новым пользователям письмо со ссылкой для установки пароля
      </label>
      <div className="import-actions">
        <button type="button" className="secondary" disabled={!file || busy !== null} onClick={() => void run('check')}>
          Проверить
        </button>
        <button type="button" disabled={!canCommit(preview, busy !== null) || written !== null} onClick={() => void run('write')}>
          Импортировать
        </button>
      </div>
      {busy && (
        <div className="import-progress" role="status">
          {busy.sent < 1 ? (
            <>
              <span>Загрузка файла… {Math.round(busy.sent * 100)}%</span>
              <progress value={busy.sent} max={1} />
            </>
          ) : (
            <>
              <span>{busy.step === 'check' ? 'Проверка строк…' : 'Запись…'}</span>
              <progress />
            </>
          )}
        </div>
      )}
      {written?.ok && (
        <article className="import-done" role="status">
          <strong>Импорт завершён.</strong> Создано: {written.report.created}, изменено: {written.report.updated}, восстановлено:{' '}
          {written.report.restored}.{' '}
          <Link to={paths.users}>Перейти к пользователям</Link>
        </article>
      )}
      {shown && !written && report && (
        <div className="import-report">
          {shown.ok ? (
            <p className="import-summary" role="status">
              Строк: {report.rows_total} · будет создано: {report.created} · будет изменено: {report.updated}
              {report.restored > 0 && ` · будет восстановлено: ${report.restored}`}
              {report.errors.length > 0 && ` · ошибок: ${report.errors.length} — исправьте файл и проверьте снова`}
            </p>
          ) : (
            <p className="import-refused" role="alert">
              {shown.message}
            </p>
          )}
          {report.warnings.length > 0 && (
            <ul className="import-warnings">
              {report.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {fileErrors.length > 0 && (
            <table className="import-errors">
              <thead>
                <tr>
                  <th>Строка</th>
                  <th>Столбец</th>
                  <th>Ошибка</th>
                </tr>
              </thead>
              <tbody>
                {fileErrors.map((error, index) => (
                  <tr key={index}>
                    <td data-label="Строка">{rowLabel(error.row)}</td>
                    <td data-label="Столбец">{error.column || '—'}</td>
                    <td data-label="Ошибка">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {report.rows.length > 0 && <ImportPreview report={report} />}
        </div>
      )}
    </section>
  );
}
