//! The state of one form: values, field messages (zod's on submit, the server's on 422), a pending
//! flag while the call runs, and focus on the first field with a message. A server message for a
//! field the form has no input for is kept in `stray`, for the form to show above its buttons.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from './api/client';
import { strayMessages, validate, type FieldErrors, type z } from './forms';

type Values = Record<string, unknown>;

interface Options<S extends z.ZodType<Values, Values>> {
  schema: S;
  initial: z.input<S>;
  /** The call; its ApiError is caught here (422 field messages) after `onFailure` saw it. */
  submit: (data: z.output<S>) => Promise<unknown>;
  onFailure?: (error: ApiError) => void;
}

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export function useForm<S extends z.ZodType<Values, Values>>({ schema, initial, submit, onFailure }: Options<S>) {
  type V = z.input<S>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors(({ [name as string]: _dropped, ...rest }) => rest);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const result = validate(schema, values);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await submit(result.data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      onFailure?.(error);
      // A stale edit's message (under `version`, a name no form has) is shown above the buttons.
      if (error.status === 422) showErrors(error.fieldErrors);
    } finally {
      setPending(false);
    }
  };

  /** Props for a text field: name, value, change handler and its message. */
  const field = (name: StringKeys<V>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[typeof name]),
  });

  /** Messages for names that are not among the form's values: shown once for the whole form. */
  const stray = strayMessages(errors, initial as object);

  /** Back to the initial values, without messages (after a successful save). */
  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { ref: form, values, errors, stray, pending, set, field, onSubmit, reset };
}
