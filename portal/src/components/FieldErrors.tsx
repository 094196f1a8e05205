import { useEffect, useRef } from 'react';

/** A form's problems by field id (absent: the field is fine). */
export type FieldErrors = Partial<Record<string, string>>;

const errorId = (id: string) => `${id}-error`;

/**
 * The API's per-field refusals, on the form's fields: `details` as the validation pipe answers (`[{ field, messages }]`)
 * or as `{ field: message }`; `fields` maps the API's field names to the form's field ids (other fields are left out).
 */
export function apiFieldErrors<Id extends string>(details: unknown, fields: Partial<Record<string, Id>>): Partial<Record<Id, string>> {
  const errors: Partial<Record<Id, string>> = {};
  const add = (field: unknown, message: unknown) => {
    const id = typeof field === 'string' ? fields[field] : undefined;
    const text = Array.isArray(message) ? (message[0] as unknown) : message;
    if (id && typeof text === 'string' && !errors[id]) errors[id] = text;
  };
  if (Array.isArray(details)) for (const item of details as { field?: unknown; messages?: unknown; message?: unknown }[]) add(item?.field, item?.messages ?? item?.message);
  else if (typeof details === 'object' && details) for (const [field, message] of Object.entries(details)) add(field, message);
  return errors;
}

/**
 * The attributes that tie a field to its message: `aria-invalid` while it has one, and `aria-describedby` naming the
 * message (and the field's hint, if it has one).
 */
export function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? errorId(id) : null, hintId ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** The message under a field. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? <small id={errorId(id)} className="field-error">{error}</small> : null;
}

/**
 * The summary above a form's button: each problem once more, linking to its field. It takes the focus when it
 * appears, so a keyboard or screen-reader user hears what to fix and can jump to the field. `errors` is the state
 * object a submit sets: each new one (each press) takes the focus again.
 */
export function ErrorSummary({ errors, labels, message = 'Please fix this before going on:' }: { errors: FieldErrors; labels?: Partial<Record<string, string>>; message?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const shown = entries.length > 0;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown, errors]);
  if (!shown) return null;
  return (
    <div ref={box} className="error-banner error-summary" role="alert" tabIndex={-1}>
      <p>{message}</p>
      <ul>
        {entries.map(([id, message]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(id)?.focus();
              }}
            >
              {labels?.[id] ? `${labels[id]}: ` : ''}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
