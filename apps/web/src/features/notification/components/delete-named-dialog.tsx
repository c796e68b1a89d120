import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeError } from '../../../lib/http';

/**
 * The delete confirmation of a named setting (retry plan, window): asks by name, shows the server's
 * refusal in place (a plan still used by a campaign), and says what was deleted.
 */
export function DeleteNamedDialog<T extends { name: string }>({
  item,
  idOf,
  remove,
  texts,
  onClose,
}: {
  item: T | null;
  idOf: (item: T) => string;
  remove: UseMutationResult<unknown, Error, string>;
  /** The key prefix of `deleteTitle`, `deleteConfirm` and `deleted`. */
  texts: 'notification.plans' | 'notification.windows';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={item !== null}
      title={t(`${texts}.deleteTitle`)}
      message={
        remove.error ? describeError(remove.error, t) : t(`${texts}.deleteConfirm`, { name: item?.name })
      }
      color="red"
      loading={remove.isPending}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        item &&
        remove.mutate(idOf(item), {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t(`${texts}.deleted`, { name: item.name }) });
            onClose();
          },
        })
      }
    />
  );
}
