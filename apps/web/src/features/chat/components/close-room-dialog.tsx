import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/http';
import { useCategories, useCsConfiguration, useCustomerHistory, useTemplates } from '../api/lookups-api';
import { useCloseRoom, useRoomAction } from '../api/rooms-api';

type CloseRoomDialogProps = {
  room: ChatRoom;
  opened: boolean;
  /** A supervisor closing another agent's room. */
  forceClose: boolean;
  onClose: () => void;
  onClosed?: (room: ChatRoom) => void;
};

/**
 * Closing a room with remarks, by the client's configuration: a closing-remarks template to start from
 * (showTemplateClosingRemarks), remarks required (mandatoryRemarksTemplate), and a category required
 * (mandatoryCategory) when the room has none yet. When the customer has an earlier closed conversation
 * on the same channel, the agent may merge this one into it (isMarge).
 */
export function CloseRoomDialog({ room, opened, forceClose, onClose, onClosed }: CloseRoomDialogProps) {
  const { t } = useTranslation();
  const config = useCsConfiguration();
  const showTemplates = Boolean(config.data?.showTemplateClosingRemarks);
  const remarkTemplates = useTemplates(true);
  const needCategory = Boolean(config.data?.mandatoryCategory) && !room.category?.id && !room.category?.name;
  const categories = useCategories();
  const close = useCloseRoom();
  const setCategory = useRoomAction();
  const [remarks, setRemarks] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [merge, setMerge] = useState(false);
  const history = useCustomerHistory(opened ? room.customerPhoneNumber : null);
  // The server merges into the customer's latest closed conversation on the room's channel.
  const previous = (history.data?.items ?? [])
    .filter((item) => item.id !== room.id && item.channel === room.channel)
    .reduce<ChatRoom | null>(
      (latest, item) => (!latest || item.createdAt > latest.createdAt ? item : latest),
      null,
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts over on each opening only
  useEffect(() => {
    if (opened) {
      setRemarks('');
      setCategoryId(null);
      setTried(false);
      setMerge(false);
      close.reset();
      setCategory.reset();
    }
  }, [opened]);

  const remarksRequired = Boolean(config.data?.mandatoryRemarksTemplate);
  const remarksError = tried && remarksRequired && !remarks.trim() ? t('chat.close.remarksRequired') : null;
  const categoryError = tried && needCategory && !categoryId ? t('chat.close.categoryRequired') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ((remarksRequired && !remarks.trim()) || (needCategory && !categoryId)) return;
    try {
      if (needCategory && categoryId) {
        const category = categories.data?.find((item) => item.id === categoryId);
        await setCategory.mutateAsync({
          kind: 'category',
          roomId: room.id,
          categoryId,
          categoryName: category?.name ?? '',
        });
      }
      const closed = await close.mutateAsync({
        roomId: room.id,
        remarks,
        forceClose,
        isMarge: Boolean(previous) && merge,
      });
      onClosed?.(closed);
      onClose();
    } catch {
      // The error shows in the dialog from the mutation's state.
    }
  };

  const failure = close.error ?? setCategory.error;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={forceClose ? t('chat.close.forceTitle') : t('chat.close.title')}
      centered
    >
      {config.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('queryState.loading')} />
        </Group>
      ) : config.isError ? (
        <Alert color="red" role="alert">
          {describeError(config.error, t)}
        </Alert>
      ) : (
        <form onSubmit={submit} aria-label={t('chat.close.title')} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {t('chat.close.intro', { name: room.name ?? room.customerPhoneNumber, shortId: room.shortId })}
            </Text>
            {showTemplates ? (
              <Select
                label={t('chat.close.remarksTemplate')}
                placeholder={t('chat.close.remarksTemplatePlaceholder')}
                nothingFoundMessage={t('chat.close.noRemarksTemplates')}
                searchable
                data={(remarkTemplates.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                onChange={(id) => {
                  const template = remarkTemplates.data?.find((item) => item.id === id);
                  if (template) setRemarks(template.content);
                }}
              />
            ) : null}
            <Textarea
              label={t('chat.close.remarks')}
              required={remarksRequired}
              rows={3}
              maxLength={2000}
              value={remarks}
              onChange={(event) => setRemarks(event.currentTarget.value)}
              error={remarksError}
            />
            {needCategory ? (
              <Select
                label={t('chat.close.category')}
                required
                data={(categories.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                value={categoryId}
                onChange={setCategoryId}
                error={categoryError}
                nothingFoundMessage={t('chat.close.noCategories')}
              />
            ) : null}
            {previous ? (
              <Checkbox
                label={t('chat.close.merge', { shortId: previous.shortId })}
                description={t('chat.close.mergeHint')}
                checked={merge}
                onChange={(event) => setMerge(event.currentTarget.checked)}
              />
            ) : null}
            {failure ? (
              <Text size="sm" c="red" role="alert">
                {failure instanceof ApiError && failure.code === 'remarks_required'
                  ? t('chat.close.remarksRequired')
                  : failure instanceof ApiError && failure.code === 'category_required'
                    ? t('chat.close.categoryRequired')
                    : describeError(failure, t)}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('chat.cancel')}
              </Button>
              <Button type="submit" color="red" loading={close.isPending || setCategory.isPending}>
                {forceClose ? t('chat.close.forceConfirm') : t('chat.close.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
