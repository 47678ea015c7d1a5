import { toFieldErrors } from '@studio/contracts/envelope';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated by the same zod schema the server uses. Errors are `validation.*` keys;
 * they show once a field has been touched or a submit was tried.
 */
export function useForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const parsed = schema.safeParse(values);
  const clientErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries({ ...clientErrors, ...serverErrors })) {
    if (submitted || touched[field]) errors[field] = key;
  }

  function setValue<K extends keyof Values & string>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _drop, ...rest }) => rest);
  }

  const touch = (field: string) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  return {
    values,
    errors,
    setValue,
    /** The props that tie a text input to one field: its name, value, and updates on change and blur. */
    bind<K extends keyof Values & string>(field: K) {
      return {
        name: field,
        value: String(values[field] ?? ''),
        onChange: (event: { target: { value: string } }) => setValue(field, event.target.value as Values[K]),
        onBlur: () => touch(field),
      };
    },
    setValues,
    touch,
    setServerErrors,
    /** Marks the form submitted; returns the parsed data or null when invalid. */
    validate(): z.output<S> | null {
      setSubmitted(true);
      return parsed.success ? parsed.data : null;
    },
    reset(next: Values) {
      setValues(next);
      setSubmitted(false);
      setTouched({});
      setServerErrors({});
    },
  };
}
