import { toFieldErrors } from '@studio/contracts/field-errors';
import { useState } from 'react';
import type { z } from 'zod';

type AnySchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * A schema loaded on first use (with zod), for forms on pages that must start light: the form
 * asks for it when the visitor first focuses a field or submits. Declare it once, at module level.
 */
export interface LazySchema<S extends AnySchema> {
  readonly current: S | null;
  load(): Promise<S>;
}

export function lazySchema<S extends AnySchema>(load: () => Promise<S>): LazySchema<S> {
  let current: S | null = null;
  let loading: Promise<S> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= load().then(
        (schema) => (current = schema),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

function isLazy<S extends AnySchema>(source: S | LazySchema<S>): source is LazySchema<S> {
  return typeof (source as LazySchema<S>).load === 'function' && !('safeParse' in source);
}

/**
 * Form state validated by the same zod schema the server uses (given at once, or as a
 * `lazySchema`). Errors are `validation.*` keys; they show once a field has been touched or a
 * submit was tried.
 */
export function useForm<S extends AnySchema>(source: S | LazySchema<S>, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [, schemaArrived] = useState(0);

  const schema = isLazy(source) ? source.current : source;
  const ensureSchema = (): Promise<S> => {
    if (!isLazy(source)) return Promise.resolve(source);
    if (source.current) return Promise.resolve(source.current);
    return source.load().then((loaded) => {
      schemaArrived((n) => n + 1);
      return loaded;
    });
  };

  const parsed = schema ? schema.safeParse(values) : null;
  const clientErrors = parsed && !parsed.success ? toFieldErrors(parsed.error) : {};
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries({ ...clientErrors, ...serverErrors })) {
    if (submitted || touched[field]) errors[field] = key;
  }

  function setValue<K extends keyof Values & string>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _drop, ...rest }) => rest);
  }

  const touch = (field: string) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  const prepare = () => {
    void ensureSchema().catch(() => undefined);
  };

  return {
    values,
    errors,
    setValue,
    /** The props that tie a text input to one field: its name, value, and updates on change and blur. */
    bind<K extends keyof Values & string>(field: K) {
      return {
        name: field,
        value: String(values[field] ?? ''),
        onChange: (event: { target: { value: string } }) => {
          setValue(field, event.target.value as Values[K]);
          prepare();
        },
        onFocus: prepare,
        onBlur: () => touch(field),
      };
    },
    setValues,
    touch,
    setServerErrors,
    /** Marks the form submitted; returns the parsed data or null when invalid. */
    validate(): z.output<S> | null {
      setSubmitted(true);
      return parsed?.success ? parsed.data : null;
    },
    /** Like validate, for a form whose schema may still be loading: waits for it first. */
    async validateAsync(): Promise<z.output<S> | null> {
      setSubmitted(true);
      // The values of the render whose submit handler called this: what the visitor submitted.
      const result = (await ensureSchema()).safeParse(values);
      return result.success ? result.data : null;
    },
    reset(next: Values) {
      setValues(next);
      setSubmitted(false);
      setTouched({});
      setServerErrors({});
    },
  };
}
