import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { CsConfig } from '@sapa/contracts';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/http';
import { useSaveCustomerData } from '../api/lookups-api';

type Props = {
  phoneNumber: string;
  userData: Record<string, unknown>;
  config: Pick<CsConfig, 'isDisplayingUserData' | 'userDataDisplay' | 'userDataEditable'>;
};

const textOf = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The customer's data as the client's configuration says: the `userDataDisplay` keys when
 * `isDisplayingUserData` is on, and a form for the `userDataEditable` keys, saved on the customer.
 */
export function CustomerUserData({ phoneNumber, userData, config }: Props) {
  const { t } = useTranslation();
  const save = useSaveCustomerData(phoneNumber);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  if (!config.isDisplayingUserData) return null;
  const editable = config.userDataEditable;
  const keys = [...new Set([...config.userDataDisplay, ...editable])];
  if (keys.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(Object.fromEntries(editable.map((key) => [key, (draft[key] ?? '').trim()])), {
      onSuccess: () => setDraft(null),
    });
  };

  if (draft) {
    return (
      <form onSubmit={submit} aria-label={t('chat.customer.userData.form')}>
        <Stack gap={6}>
          {editable.map((key) => (
            <TextInput
              key={key}
              size="xs"
              label={key}
              maxLength={500}
              value={draft[key] ?? ''}
              disabled={save.isPending}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((old) => ({ ...old, [key]: value }));
              }}
            />
          ))}
          {save.isError ? (
            <Text size="xs" c="red" role="alert">
              {save.error instanceof ApiError && save.error.code === 'user_data_not_editable'
                ? t('chat.customer.userData.notEditable')
                : describeError(save.error, t)}
            </Text>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" disabled={save.isPending} onClick={() => setDraft(null)}>
              {t('chat.cancel')}
            </Button>
            <Button size="xs" type="submit" loading={save.isPending}>
              {t('chat.customer.userData.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap={2} data-testid="customer-user-data">
      <Text size="xs" fw={600}>
        {t('chat.customer.userData.title')}
      </Text>
      {keys.map((key) => (
        <Text key={key} size="xs">
          {key}:{' '}
          {textOf(userData[key]) || (
            <Text span size="xs" c="dimmed">
              {t('chat.customer.userData.empty')}
            </Text>
          )}
        </Text>
      ))}
      {editable.length > 0 ? (
        <Group justify="flex-start">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPencil size={12} />}
            onClick={() => {
              save.reset();
              setDraft(Object.fromEntries(editable.map((key) => [key, textOf(userData[key])])));
            }}
          >
            {t('chat.customer.userData.edit')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
