//! Help: how to use the portal, the keyboard shortcuts and the running version.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ShortcutsTable } from '../../components/Shortcuts';
import { build, checkBuild, updateAvailable } from '../../lib/build';
import { paths } from '../../paths';

function Version() {
  const { current, server } = useSnapshot(build);
  useEffect(() => {
    if (!build.server) checkBuild().catch(() => undefined);
  }, []);
  return (
    <dl className="version">
      <dt>Версия портала</dt>
      <dd>{server ? server.version : 'сервер не ответил'}</dd>
      <dt>Сборка сервера</dt>
      <dd>
        <code>{server?.build ?? '—'}</code>
      </dd>
      <dt>Сборка этой страницы</dt>
      <dd>
        <code>{current}</code>
        {updateAvailable() && (
          <>
            {' '}— доступна новая версия.{' '}
            <button type="button" className="outline" onClick={() => window.location.reload()}>
              Обновить страницу
            </button>
          </>
        )}
      </dd>
    </dl>
  );
}

export default function HelpPage() {
  return (
    <>
      <h1>Справка</h1>
      <section aria-labelledby="help-start">
        <h2 id="help-start">Как пользоваться порталом</h2>
        <p>
          Klass — портал вашей школы: ученики и родители, расписание и занятия, журнал оценок и
          посещаемости, оплаты, задачи и события. Он работает в браузере на компьютере, планшете и
          телефоне; данные хранятся на сервере школы.
        </p>
        <ul>
          <li>
            Разделы открываются из меню слева. На телефоне меню спрятано: нажмите кнопку с тремя
            полосками вверху страницы.
          </li>
          <li>Меню показывает только те разделы, которые доступны вашей роли.</li>
          <li>
            Сообщения о сохранении и ошибках появляются в правом нижнем углу и исчезают сами; чтобы
            прочитать сообщение спокойно, наведите на него указатель.
          </li>
          <li>
            Светлую или тёмную тему и основной цвет выберите в разделе{' '}
            <Link to={paths.settingsUi}>Настройки → Интерфейс</Link>.
          </li>
        </ul>
      </section>
      <section aria-labelledby="help-roles">
        <h2 id="help-roles">Роли</h2>
        <ul>
          <li>
            <strong>Менеджер</strong> — директор или администратор: видит и настраивает всё.
          </li>
          <li>
            <strong>Сотрудник</strong> — преподаватель, репетитор, методист: ведёт занятия, оценки и посещаемость.
          </li>
          <li>
            <strong>Ученик</strong> и <strong>родитель</strong> видят своё расписание, оценки и оплаты.
          </li>
        </ul>
      </section>
      <section aria-labelledby="help-keys">
        <h2 id="help-keys">Горячие клавиши</h2>
        <div className="overflow-auto">
          <ShortcutsTable />
        </div>
      </section>
      <section aria-labelledby="help-version">
        <h2 id="help-version">О программе</h2>
        <Version />
      </section>
    </>
  );
}
