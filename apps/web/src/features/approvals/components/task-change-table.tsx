import { useTranslation } from 'react-i18next';
import { BeforeAfterTable, isPlainRecord } from '../../../components/before-after-table';

/**
 * A task's proposed change as before and after. A payload carrying `before` is an edit (the rest is the
 * after, minus the id it targets); any other payload is something new, with nothing before it.
 */
export function changeOf(payload: unknown): { before: unknown; after: unknown } {
  if (!isPlainRecord(payload)) return { before: null, after: payload };
  const { before, userId: _target, ...after } = payload;
  return { before: isPlainRecord(before) ? before : null, after };
}

export function TaskChangeTable({ payload }: { payload: unknown }) {
  const { t } = useTranslation();
  const { before, after } = changeOf(payload);
  return <BeforeAfterTable label={t('approvals.change')} before={before} after={after} />;
}
