import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateServerMessage } from '../../components/notify';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed shared-rule parse, translated. */
export function fieldErrorsOf<K extends string>(t: TFunction, error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined)
      errors[field] = translateServerMessage(t, issue.message);
  }
  return errors;
}
