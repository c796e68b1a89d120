import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the shared yes/cancel confirmation dialog is 290 px wide. */
export const CONFIRM_DIALOG_WIDTH = 290;

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the yes button spins and the dialog stays open. */
  loading?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: string;
};

/** The shared yes/cancel confirmation (spec §2). */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  loading = false,
  confirmLabel,
  cancelLabel,
  color,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size={CONFIRM_DIALOG_WIDTH}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={false}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={loading} color={color} data-autofocus>
          {confirmLabel ?? t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
