import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Enter sends, Shift+Enter starts a new line, as in WhatsApp Web. */
export function ComposeBox({
  onSend,
  sending,
}: {
  onSend(text: string): Promise<unknown>;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    await onSend(body);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send().catch(() => undefined);
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        flex={1}
        rows={2}
        maxLength={4096}
        aria-label={t('sandboxPhone.message')}
        placeholder={t('sandboxPhone.messagePlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <ActionIcon
        size="lg"
        radius="xl"
        color="green"
        aria-label={t('sandboxPhone.send')}
        loading={sending}
        disabled={text.trim() === ''}
        onClick={() => void send().catch(() => undefined)}
      >
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
