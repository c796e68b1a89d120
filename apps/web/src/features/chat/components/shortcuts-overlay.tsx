import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_SHORTCUTS } from '../hooks/use-chat-keyboard';

/** The `?` overlay: every workspace shortcut and what it does. */
export function ShortcutsOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.shortcuts.title')} size="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('chat.shortcuts.description')}
      </Text>
      <Table verticalSpacing={6} aria-label={t('chat.shortcuts.title')}>
        <Table.Tbody>
          {CHAT_SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.id}>
              <Table.Td w={120}>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 ? '+' : null}
                      <Kbd size="sm">{key}</Kbd>
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`chat.shortcuts.actions.${shortcut.id}`)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
