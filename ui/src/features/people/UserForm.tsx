//! The person form of /users/create, /users/{id}/update and /profile: names, contacts, birth date,
//! notes; on create also roles, tags and the "send a link to set the password" choice.
import { useId } from 'react';
import { Field } from '../../components/Field';
import { PeoplePicker } from '../../components/PeoplePicker';
import { FormAlert } from '../../components/FormAlert';
import { TagBadge } from '../../components/TagBadge';
import { ROLE_NAMES, ROLES } from '../../lib/person';
import type { Tag } from '../../lib/tags';
import { useForm } from '../../lib/useForm';
import { createSchema, editSchema, takesParents, type PersonValues } from './userForm';

interface Props {
  creating: boolean;
  initial: PersonValues;
  /** Tags to choose from on create (staff). */
  tags: readonly Tag[];
  /** Whether the notes field shows (staff notes). */
  withNotes: boolean;
  submitLabel: string;
  submit: (values: PersonValues) => Promise<unknown>;
  onCancel: () => void;
}

const toggled = <V,>(list: readonly V[], value: V, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

export function UserForm({ creating, initial, tags, withNotes, submitLabel, submit, onCancel }: Props) {
  const form = useForm({ schema: creating ? createSchema : editSchema, initial, submit });
  const notesId = useId();
  const { values, errors } = form;
  return (
    <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="person-form">
      <div className="form-grid">
        <div>
          <Field label="Фамилия" autoComplete="off" {...form.field('last_name')} />
        </div>
        <div>
          <Field label="Имя" autoComplete="off" {...form.field('first_name')} />
        </div>
        <div>
          <Field label="Отчество" autoComplete="off" {...form.field('middle_name')} />
        </div>
        <div>
          <Field label="Email" type="email" autoComplete="off" {...form.field('email')} />
        </div>
        <div>
          <Field label="Телефон" type="tel" placeholder="+7 900 000-00-00" autoComplete="off" {...form.field('phone')} />
        </div>
        <div>
          <Field
            label="Дата рождения"
            inputMode="numeric"
            placeholder="ДД.ММ.ГГГГ"
            maxLength={10}
            autoComplete="off"
            {...form.field('birth_date')}
          />
        </div>
      </div>
      {creating && (
        <fieldset aria-invalid={errors.roles ? true : undefined} aria-describedby={errors.roles ? `${notesId}-roles` : undefined}>
          <legend>Роли</legend>
          <div className="check-row">
            {ROLES.map((role) => (
              <label key={role}>
                <input type="checkbox" checked={values.roles.includes(role)} onChange={(e) => form.set('roles', toggled(values.roles, role, e.target.checked))} />
                {ROLE_NAMES[role]}
              </label>
            ))}
          </div>
          {errors.roles && (
            <small id={`${notesId}-roles`} className="field-error">
              {errors.roles}
            </small>
          )}
        </fieldset>
      )}
      {creating && takesParents(values.roles) && (
        <fieldset className="new-parents">
          <legend>Родители</legend>
          <PeoplePicker role="parent" selfId={0} chosen={values.parents} onChange={(next) => form.set('parents', next)} error={errors.parents} />
        </fieldset>
      )}
      {creating && tags.length > 0 && (
        <fieldset aria-invalid={errors.tags ? true : undefined}>
          <legend>Теги</legend>
          <div className="check-row">
            {tags.map((tag) => (
              <label key={tag.id}>
                <input type="checkbox" checked={values.tags.includes(tag.id)} onChange={(e) => form.set('tags', toggled(values.tags, tag.id, e.target.checked))} />
                <TagBadge tag={tag} />
              </label>
            ))}
          </div>
          {errors.tags && <small className="field-error">{errors.tags}</small>}
        </fieldset>
      )}
      {withNotes && (
        <>
          <label htmlFor={notesId}>Заметки</label>
          <textarea id={notesId} name="notes" rows={3} value={values.notes} onChange={(e) => form.set('notes', e.target.value)} aria-describedby={`${notesId}-hint`} />
          <small id={`${notesId}-hint`} className="muted">
            Видны только сотрудникам школы.
          </small>
        </>
      )}
      <FormAlert messages={form.stray} />
      {creating && (
        <label className="send-link">
          <input type="checkbox" checked={values.send_password_link} onChange={(e) => form.set('send_password_link', e.target.checked)} />
          Отправить на почту ссылку для установки пароля
        </label>
      )}
      <div className="form-actions">
        <button type="submit" aria-busy={form.pending}>
          {submitLabel}
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}
