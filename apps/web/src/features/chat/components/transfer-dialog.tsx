import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useAgents, useAgentTags } from '../api/lookups-api';
import { useRoomAction } from '../api/rooms-api';

type TransferDialogProps = { room: ChatRoom; opened: boolean; onClose: () => void };

/** Hands a room to another agent, or back to the queue of the agents with a tag. */
export function TransferDialog({ room, opened, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const myCsId = useSessionStore((state) => state.session?.csId ?? null);
  const agents = useAgents();
  const tags = useAgentTags();
  const transfer = useRoomAction();
  const [target, setTarget] = useState<'agent' | 'tag'>('agent');
  const [value, setValue] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts over on each opening only
  useEffect(() => {
    if (opened) {
      setValue(null);
      setTried(false);
      transfer.reset();
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!value) return;
    transfer.mutate(
      target === 'agent'
        ? { kind: 'transfer', roomId: room.id, toCsId: value, bot: room.isBot }
        : { kind: 'transferToTag', roomId: room.id, toTag: value, bot: room.isBot },
      { onSuccess: onClose },
    );
  };

  const agentOptions = (agents.data ?? [])
    .filter((agent) => agent.kind === 'cs' && !agent.deactivated && !agent.deleted && agent.id !== room.csId)
    .map((agent) => ({
      value: agent.id,
      label: `${agent.name}${agent.id === myCsId ? ` (${t('chat.transfer.me')})` : ''} · ${t(`agentStatus.${agent.status}`)}`,
    }));

  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.transfer.title')} centered>
      <form onSubmit={submit} aria-label={t('chat.transfer.title')} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            value={target}
            onChange={(next) => {
              setTarget(next as 'agent' | 'tag');
              setValue(null);
            }}
            data={[
              { value: 'agent', label: t('chat.transfer.toAgent') },
              { value: 'tag', label: t('chat.transfer.toTag') },
            ]}
          />
          {target === 'agent' ? (
            <Select
              label={t('chat.transfer.agent')}
              required
              searchable
              data={agentOptions}
              value={value}
              onChange={setValue}
              nothingFoundMessage={t('chat.transfer.noAgents')}
              error={tried && !value ? t('chat.transfer.agentRequired') : null}
            />
          ) : (
            <Select
              label={t('chat.transfer.tag')}
              required
              searchable
              data={tags.data ?? []}
              value={value}
              onChange={setValue}
              nothingFoundMessage={t('chat.transfer.noTags')}
              error={tried && !value ? t('chat.transfer.tagRequired') : null}
            />
          )}
          {transfer.isError ? (
            <Text size="sm" c="red" role="alert">
              {describeError(transfer.error, t)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('chat.cancel')}
            </Button>
            <Button type="submit" loading={transfer.isPending}>
              {t('chat.transfer.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
