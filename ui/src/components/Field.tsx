//! A labelled input with its message under it (Pico colours it red on an error); the message
//! is tied to the input for screen readers, outside the label so it stays out of the name.
import { useId, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** A note shown under the input while there is no message. */
  hint?: string;
}

export function Field({ label, error, hint, id, ...input }: Props) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const note = error ?? hint;
  const noteId = `${inputId}-note`;
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={note ? noteId : undefined} {...input} />
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}
