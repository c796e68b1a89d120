import { Button, Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Edit and delete on a named setting's row (retry plan, window), labelled with its name for screen
 * readers; a click here never reaches the row's own click.
 */
export function NamedRowActions({
  name,
  texts,
  onEdit,
  onDelete,
}: {
  name: string;
  /** The key prefix of `editNamed` and `deleteNamed`. */
  texts: 'notification.plans' | 'notification.windows';
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEdit size={14} />}
        aria-label={t(`${texts}.editNamed`, { name })}
        onClick={onEdit}
      >
        {t('notification.actions.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        aria-label={t(`${texts}.deleteNamed`, { name })}
        onClick={onDelete}
      >
        {t('notification.actions.delete')}
      </Button>
    </Group>
  );
}
