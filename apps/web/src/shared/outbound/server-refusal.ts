import type { BadRecipientRow } from '@app/contract/blasts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { badRowsOf } from './recipient-selection.ts';

/**
 * A blast's or a schedule's refusal by the server: `show` puts each field message it names on the
 * form (through `serverFields`, the server's name to the form's) and keeps the rows of the
 * recipient list it could not use; `clear` forgets them (a new list, a new submit).
 */
export function useServerRefusal<Field extends string>(
  form: { setFieldError: (path: Field, error: ReactNode) => void },
  serverFields: Record<string, Field>,
) {
  const [badRows, setBadRows] = useState<BadRecipientRow[]>([]);
  const clear = () => setBadRows([]);
  const show = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const issue of error.fields) {
      const field = serverFields[issue.field];
      if (field) form.setFieldError(field, issue.message);
    }
    setBadRows(badRowsOf(error.data));
  };
  return { badRows, clear, show };
}
