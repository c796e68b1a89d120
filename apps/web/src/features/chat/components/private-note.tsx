import { Button, Group, MultiSelect, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { findSession } from '../../../lib/session';
import { useAgents } from '../api/lookups-api';
import { useSendNote } from '../api/notes-api';
import { useAnnounceTyping, useTypists } from '../live/typing';

export type ComposerMode = 'reply' | 'note';

/** Reply to the customer, or write a private note only agents and supervisors see; who else types. */
export function ComposerModeSwitch({
  roomId,
  mode,
  onChange,
}: {
  roomId: string;
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <SegmentedControl
        size="xs"
        aria-label={t('chat.note.modeLabel')}
        value={mode}
        onChange={(value) => onChange(value as ComposerMode)}
        data={[
          { value: 'reply', label: t('chat.note.modeReply') },
          { value: 'note', label: t('chat.note.modeNote') },
        ]}
      />
      <TypingIndicator roomId={roomId} />
    </Group>
  );
}

export function TypingIndicator({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const typists = useTypists(roomId);
  if (typists.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" fs="italic" role="status" data-testid="typing-indicator" truncate>
      {typists
        .map((typist) =>
          t(typist.mode === 'note' ? 'chat.note.typingNote' : 'chat.note.typingReply', { name: typist.name }),
        )
        .join(' · ')}
    </Text>
  );
}

/**
 * A private note: stays with the conversation for agents and supervisors, never goes to the customer.
 * Mentioned colleagues are told at once; their names lead the note if the writer did not type them.
 */
export function NoteComposer({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const send = useSendNote();
  const agents = useAgents();
  const announce = useAnnounceTyping(roomId, 'note');
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const me = findSession()?.csId ?? null;
  const colleagues = (agents.data ?? []).filter((agent) => agent.id !== me && !agent.deleted);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const typed = text.trim();
    if (!typed || send.isPending) return;
    const names = mentions
      .map((id) => colleagues.find((agent) => agent.id === id)?.name)
      .filter((name): name is string => Boolean(name) && !typed.includes(`@${name}`));
    const content = names.length ? `${names.map((name) => `@${name}`).join(' ')} ${typed}` : typed;
    send.mutate(
      { roomId, content, mentions },
      {
        onSuccess: () => {
          setText('');
          setMentions([]);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('chat.note.label')}>
      <Stack gap={4}>
        {send.isError ? (
          <Text size="sm" c="red" role="alert">
            {describeError(send.error, t)}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('chat.note.hint')}
        </Text>
        <MultiSelect
          size="xs"
          label={t('chat.note.mention')}
          placeholder={mentions.length ? undefined : t('chat.note.mentionPlaceholder')}
          data={colleagues.map((agent) => ({ value: agent.id, label: agent.name }))}
          value={mentions}
          onChange={setMentions}
          searchable
          clearable
          maxValues={20}
          nothingFoundMessage={t('chat.note.noColleague')}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            aria-label={t('chat.note.content')}
            placeholder={t('chat.note.placeholder')}
            rows={2}
            maxLength={4000}
            style={{ flex: 1 }}
            styles={{ input: { backgroundColor: 'var(--mantine-color-yellow-0)' } }}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              announce();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Button
            type="submit"
            color="yellow"
            leftSection={<IconNote size={16} />}
            loading={send.isPending}
            disabled={!text.trim()}
          >
            {t('chat.note.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
