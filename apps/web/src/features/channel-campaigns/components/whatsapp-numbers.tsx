import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChannelSettings, ChannelSettingsInputSchema } from '@sapa/contracts';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../channel-providers-i18n';
import '../whatsapp-numbers-i18n';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useSaveWhatsAppNumber, useWhatsAppNumbers, type WhatsAppNumberInput } from '../api/providers-api';
import { NumberReadState, NumberRefreshButton } from './number-refresh';
import { isRefused, RefusedNotice } from './refused-notice';

/** A value to paste elsewhere (into Meta's app settings), with a copy button. */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={copy}
            aria-label={`${t('whatsappNumbers.copy')} ${label}`}
          >
            {copied ? t('whatsappNumbers.copied') : t('whatsappNumbers.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function NumberForm({ number, onDone }: { number: ChannelSettings | null; onDone: () => void }) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const save = useSaveWhatsAppNumber(clientId);
  const [value, setValue] = useState({
    provider: number?.provider ?? ('cloud' as 'cloud' | 'sandbox'),
    phoneNumberId: number?.phoneNumberId ?? '',
    displayPhoneNumber: number?.displayPhoneNumber ?? '',
    wabaId: number?.wabaId ?? '',
    verifyToken: number?.verifyToken ?? '',
    accessToken: '',
    appSecret: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof value) => (event: { currentTarget: { value: string } }) =>
    setValue({ ...value, [field]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: WhatsAppNumberInput = {
      provider: value.provider,
      phoneNumberId: value.phoneNumberId.trim(),
      displayPhoneNumber: value.displayPhoneNumber.trim(),
      wabaId: value.wabaId.trim() || null,
      verifyToken: value.verifyToken,
      appSecret: value.appSecret,
      // Write-only: left empty on a change, the stored token stays.
      ...(value.accessToken ? { accessToken: value.accessToken } : {}),
    };
    const parsed = ChannelSettingsInputSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!number && value.provider === 'cloud' && !value.accessToken)
      found.accessToken = t('channelProviders.form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { channelId: number?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('channelProviders.whatsapp.saved', { number: saved.displayPhoneNumber }),
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('channelProviders.form.label')} noValidate>
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('channelProviders.form.type')}
          value={value.provider}
          onChange={(provider) => setValue({ ...value, provider: provider as 'cloud' | 'sandbox' })}
          data={[
            { value: 'cloud', label: t('channelProviders.types.whatsapp-cloud') },
            { value: 'sandbox', label: t('channelProviders.types.sandbox') },
          ]}
          w="fit-content"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('channelProviders.fields.phoneNumberId')}
            required
            value={value.phoneNumberId}
            error={errors.phoneNumberId}
            onChange={set('phoneNumberId')}
          />
          <TextInput
            label={t('channelProviders.fields.displayPhoneNumber')}
            required
            value={value.displayPhoneNumber}
            error={errors.displayPhoneNumber}
            onChange={set('displayPhoneNumber')}
          />
          <TextInput
            label={t('channelProviders.fields.wabaId')}
            value={value.wabaId}
            error={errors.wabaId}
            onChange={set('wabaId')}
          />
          <TextInput
            label={t('channelProviders.fields.verifyToken')}
            required
            value={value.verifyToken}
            error={errors.verifyToken}
            onChange={set('verifyToken')}
          />
          <PasswordInput
            label={t('channelProviders.fields.accessToken')}
            autoComplete="new-password"
            description={
              number?.hasAccessToken
                ? t('channelProviders.whatsapp.tokenStored')
                : t('channelProviders.form.writeOnly')
            }
            value={value.accessToken}
            error={errors.accessToken}
            onChange={set('accessToken')}
          />
          <PasswordInput
            label={t('channelProviders.fields.appSecret')}
            required
            autoComplete="new-password"
            description={t('channelProviders.whatsapp.appSecretHelp')}
            value={value.appSecret}
            error={errors.appSecret}
            onChange={set('appSecret')}
          />
        </SimpleGrid>
        {save.error ? (
          <Alert color="red" role="alert">
            {describeError(save.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('channelProviders.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('channelProviders.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * WhatsApp's provider configuration: the client's Cloud API numbers (or the sandbox), each with its
 * ids and webhook verify token; the access token and app secret are write-only.
 */
export function WhatsAppNumbers() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const numbers = useWhatsAppNumbers(clientId);
  const [editing, setEditing] = useState<{ number: ChannelSettings | null } | null>(null);
  if (isRefused(numbers.error)) return <RefusedNotice error={numbers.error} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('channelProviders.whatsapp.help')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/whatsapp/phoneNumber" variant="subtle">
            {t('whatsappNumbers.numbersLink')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ number: null })}>
            {t('channelProviders.whatsapp.add')}
          </Button>
        </Group>
      </Group>
      <QueryState
        data={numbers.data}
        loading={numbers.isPending}
        error={numbers.error}
        onRetry={() => void numbers.refetch()}
        isEmpty={(data) => data.length === 0}
        emptyText={t('channelProviders.whatsapp.empty')}
      >
        {(data) => (
          <Stack gap="md">
            {data.map((number) => (
              <Card key={number.id} withBorder component="section" aria-label={number.displayPhoneNumber}>
                <Group justify="space-between">
                  <Group gap="xs">
                    <Title order={2} size="h4">
                      {number.displayPhoneNumber}
                    </Title>
                    <Badge variant="light">
                      {t(
                        number.provider === 'cloud'
                          ? 'channelProviders.types.whatsapp-cloud'
                          : 'channelProviders.types.sandbox',
                      )}
                    </Badge>
                  </Group>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => setEditing({ number })}
                  >
                    {t('channelProviders.actions.edit')}
                  </Button>
                </Group>
                <Text size="sm" mt="xs">
                  {t('channelProviders.fields.phoneNumberId')}: {number.phoneNumberId} ·{' '}
                  {t('channelProviders.fields.wabaId')}: {number.wabaId ?? '—'} ·{' '}
                  {t('channelProviders.fields.accessToken')}:{' '}
                  {number.hasAccessToken
                    ? t('channelProviders.whatsapp.stored')
                    : t('channelProviders.whatsapp.none')}
                </Text>
                {number.provider === 'cloud' ? (
                  <Stack gap={4} mt="sm">
                    <CopyableValue label={t('whatsappNumbers.webhookUrl')} value={number.webhookUrl} />
                    <CopyableValue label={t('whatsappNumbers.verifyToken')} value={number.verifyToken} />
                    <Text size="xs" c="dimmed">
                      {t('whatsappNumbers.webhookHelp')}
                    </Text>
                  </Stack>
                ) : null}
                <Group justify="space-between" mt="sm">
                  <NumberReadState number={number} />
                  <NumberRefreshButton number={number} label="test" />
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing?.number ? t('channelProviders.editTitle') : t('channelProviders.addTitle')}
      >
        {editing ? (
          <NumberForm
            key={editing.number?.id ?? 'new'}
            number={editing.number}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
