//! /users/{id}/subjects (worker): what a person studies or teaches. Tick the subjects; a student
//! may have his own price per lesson for each (empty: the subject's), which only a manager sets:
//! a worker sees it read-only and keeps a subject that has one; one «Сохранить» sends the whole
//! list; the server's messages show under the list or the price they concern. A failed load
//! says so, with «Повторить».
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { mayOpen } from '../../app/guards';
import { FormAlert } from '../../components/FormAlert';
import { TagBadge } from '../../components/TagBadge';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { addToast } from '../../lib/toasts';
import { useCard, userUrl } from '../../lib/useCard';
import { currentUser } from '../../lib/user';
import { roublesField } from '../../lib/money';
import { personSubjectsBody, type Choice } from './catalog';
import { useSubjects } from '../../lib/teaching';
import './catalog.css';

export default function PersonSubjectsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  const pricing = mayOpen(['manager'], user);
  const subjectList = useSubjects();
  const { subjects, loaded } = subjectList;
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const student = card?.roles.includes('student') ?? false;

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<Ok<'users_subjects'>>(userUrl(id, 'subjects'), { signal: controller.signal }).then(
      ({ data }) => setChosen(new Map(data.map((row) => [row.subject_id, roublesField(row.price)]))),
      () => setFailed(!controller.signal.aborted),
    );
    return () => controller.abort();
  }, [id, round]);

  const retry = () => {
    if (failed) setRound((n) => n + 1);
    if (subjectList.failed) subjectList.reload();
  };

  const shown = subjects.filter((subject) => !subject.archived || chosen?.has(subject.id));
  const order = shown.map((subject) => subject.id);
  const toggle = (subject: number, on: boolean) =>
    setChosen((old) => {
      const next = new Map(old);
      if (on) next.set(subject, '');
      else next.delete(subject);
      return next;
    });
  const price = (subject: number, typed: string) => setChosen((old) => new Map(old).set(subject, typed));

  const save = async () => {
    if (!chosen) return;
    const body = personSubjectsBody(chosen, order, student);
    if ('wrong' in body) {
      setErrors({ [`price-${body.wrong}`]: 'Введите цену в рублях, например 1 500 или 1 500,50' });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await api(userUrl(id, 'subjects'), { method: 'PUT', body });
      addToast({ color: 'success', title: 'Предметы сохранены', description: card?.full_name });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        const found = failure.fieldErrors;
        // `data.N.price` names the N-th subject sent.
        const named = Object.entries(found).map(([field, message]) => {
          const at = /^data\.(\d+)\.price$/.exec(field);
          return at ? [`price-${body.data[Number(at[1])]?.subject_id}`, message] : [field, message];
        });
        setErrors(Object.fromEntries(named));
      }
    } finally {
      setPending(false);
    }
  };

  const ready = card !== null && loaded && chosen !== null;
  /** A student's own price: a manager's to set, so a worker keeps it as it is, subject ticked. */
  const priceLocked = (subject: number) => student && !pricing && (chosen?.get(subject) ?? '') !== '';
  return (
    <UserHeader card={card} status={status} heading={student ? 'Предметы ученика' : 'Предметы'}>
      <section className="form-page">
        <p className="muted">
          {student ? 'Отметьте, что изучает ученик. Своя цена занятия заменяет цену предмета; пусто — по цене предмета.' : 'Отметьте предметы, которые ведёт сотрудник.'}
          {student && !pricing && ' Свою цену ученика задаёт и меняет менеджер.'}
        </p>
        {failed || subjectList.failed ? (
          <div className="empty-state">
            <p>Не удалось загрузить предметы.</p>
            <button type="button" className="secondary outline" onClick={retry}>
              Повторить
            </button>
          </div>
        ) : !ready ? (
          <p aria-busy="true">Загружаем предметы…</p>
        ) : shown.length === 0 ? (
          <p>В школе пока нет предметов.</p>
        ) : (
          <ul className="person-subjects" aria-label="Предметы">
            {shown.map((subject) => {
              const on = chosen.has(subject.id);
              const error = errors[`price-${subject.id}`];
              return (
                <li key={subject.id}>
                  <label>
                    <input type="checkbox" checked={on} disabled={priceLocked(subject.id)} onChange={(event) => toggle(subject.id, event.target.checked)} />
                    <TagBadge tag={subject} />
                  </label>
                  {student && on && (
                    <input
                      type="text"
                      inputMode="decimal"
                      aria-label={`Цена занятия: ${subject.name}, ₽`}
                      aria-invalid={error ? true : undefined}
                      disabled={!pricing}
                      title={pricing ? undefined : 'Цену меняет менеджер'}
                      placeholder={subject.price == null ? 'Цена, ₽' : formatMoney(subject.price)}
                      value={chosen.get(subject.id) ?? ''}
                      onChange={(event) => price(subject.id, event.target.value)}
                    />
                  )}
                  {error && <small className="field-error">{error}</small>}
                </li>
              );
            })}
          </ul>
        )}
        <FormAlert messages={errors.data ? [errors.data] : []} />
        <div className="form-actions">
          <button type="button" disabled={!ready} aria-busy={pending} onClick={() => void save()}>
            Сохранить
          </button>
        </div>
      </section>
    </UserHeader>
  );
}
