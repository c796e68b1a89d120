import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../http';
import { type FieldErrors, fieldErrorsOfApiError } from './schema-field-errors';

/**
 * What the server said about a failed save: per field when it named fields, else one sentence for the
 * form. `codeFields` places answers that name no field (e.g. `email_taken`) under the field they concern.
 */
export function useServerFieldErrors(codeFields: Record<string, string> = {}) {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    fieldErrors,
    formError,
    clear: () => {
      setFieldErrors({});
      setFormError(null);
    },
    setFields: setFieldErrors,
    show: (error: unknown) => {
      const fields = fieldErrorsOfApiError(error);
      const field = error instanceof ApiError ? codeFields[error.code] : undefined;
      if (field && error instanceof ApiError) fields[field] = error.message;
      setFieldErrors(fields);
      setFormError(Object.keys(fields).length ? null : describeError(error, t));
    },
  };
}
