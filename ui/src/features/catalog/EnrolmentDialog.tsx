//! Changing a student's enrolment in a course: status and dates (typed ДД.ММ.ГГГГ; the end may
//! stay open); the server's 422 messages show under the fields.
import { DialogFooter } from '../../components/DialogFooter';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api/client';
import { ruDateFromIso, z } from '../../lib/forms';
import { createOverlay, openOverlay, type OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { ENROLMENT_NAMES, ENROLMENT_STATUSES, type Enrolment, type EnrolmentStatus } from './catalog';
import { ruDateField } from './fields';

const schema = z.object({ status: z.enum(ENROLMENT_STATUSES as [EnrolmentStatus, ...EnrolmentStatus[]]), starts_on: ruDateField(false), ends_on: ruDateField(true) });

export function EnrolmentDialog({ open, close, enrolment }: OverlayProps & { enrolment: Enrolment }) {
  const form = useForm({
    schema,
    initial: { status: enrolment.status, starts_on: ruDateFromIso(enrolment.starts_on), ends_on: ruDateFromIso(enrolment.ends_on ?? '') },
    submit: async (data) => {
      await api(`${endpoints.courses}/${enrolment.course_id}/enrolments/${enrolment.id}`, { method: 'PUT', body: data });
      close(true);
      addToast({ color: 'success', title: 'Запись изменена', description: enrolment.student_name });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={close} title={`Запись: ${enrolment.student_name}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <label htmlFor="enrolment-status">Статус</label>
        <select id="enrolment-status" value={values.status} onChange={(event) => form.set('status', event.target.value as EnrolmentStatus)}>
          {ENROLMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ENROLMENT_NAMES[value]}
            </option>
          ))}
        </select>
        {errors.status && <small className="field-error">{errors.status}</small>}
        <div className="grid">
          <div>
            <Field label="Начало" placeholder="ДД.ММ.ГГГГ" inputMode="numeric" autoComplete="off" {...form.field('starts_on')} />
          </div>
          <div>
            <Field label="Окончание" placeholder="ДД.ММ.ГГГГ" inputMode="numeric" autoComplete="off" hint="Пусто — без даты окончания" {...form.field('ends_on')} />
          </div>
        </div>
        <DialogFooter stray={form.stray} pending={form.pending} editing onCancel={() => close()} />
      </form>
    </Modal>
  );
}

/** Opens the enrolment dialog; true when it was saved. */
export const editEnrolment = async (enrolment: Enrolment) => Boolean(await openOverlay(createOverlay(EnrolmentDialog, { props: { enrolment }, destroyOnClose: true })));
