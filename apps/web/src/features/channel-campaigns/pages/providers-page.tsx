import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Provider, ProviderChange, ProviderChannel } from '@sapa/contracts';
import { IconEdit, IconPlugConnected, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../channel-providers-i18n';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import {
  useProviderAction,
  useProviders,
  useProviderTypes,
  useSaveProvider,
  useTestProvider,
} from '../api/providers-api';
import { areaPath, providerChannelOf, useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { ConnectionResult } from '../components/connection-result';
import { ProviderForm } from '../components/provider-form';
import { isRefused, RefusedNotice } from '../components/refused-notice';
import { TelegramWebhookCard } from '../components/telegram-webhook-card';
import { WhatsAppNumbers } from '../components/whatsapp-numbers';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function ProviderCard({
  channel,
  provider,
  onEdit,
}: {
  channel: ProviderChannel;
  provider: Provider;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const test = useTestProvider(channel);
  const action = useProviderAction(clientId, channel);
  const [deleting, setDeleting] = useState(false);
  const changed = (change: ProviderChange) =>
    notifications.show({
      color: 'green',
      message: change.applied
        ? t('channelProviders.saved', { name: provider.name })
        : t('channelProviders.sentForApproval', { name: provider.name }),
    });
  const label = (field: string) => t(`channelProviders.fields.${field}`, { defaultValue: field });
  return (
    <Card withBorder aria-label={provider.name} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              {provider.name}
            </Title>
            <Badge variant="light">
              {t(`channelProviders.types.${provider.type}`, { defaultValue: provider.type })}
            </Badge>
            {provider.isDefault ? <Badge color="teal">{t('channelProviders.default')}</Badge> : null}
            {provider.pendingTaskId ? (
              <Badge color="yellow" variant="light">
                {t('channelProviders.pending')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
          {Object.entries(provider.settings).map(([field, value]) => (
            <Text key={field} size="sm">
              <Text span c="dimmed">
                {label(field)}:
              </Text>{' '}
              {show(value)}
            </Text>
          ))}
          {Object.entries(provider.secrets).map(([field, hint]) => (
            <Text key={field} size="sm">
              <Text span c="dimmed">
                {label(field)}:
              </Text>{' '}
              {hint}
            </Text>
          ))}
        </SimpleGrid>
        {test.data ? <ConnectionResult result={test.data} /> : null}
        {test.error ? (
          <Alert color="red" role="alert">
            {describeError(test.error, t)}
          </Alert>
        ) : null}
        {action.error ? (
          <Alert color="red" role="alert">
            {describeError(action.error, t)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlugConnected size={14} />}
            loading={test.isPending}
            onClick={() => test.mutate(provider.id)}
          >
            {t('channelProviders.actions.test')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            disabled={Boolean(provider.pendingTaskId)}
            onClick={onEdit}
          >
            {t('channelProviders.actions.edit')}
          </Button>
          {provider.isDefault ? null : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconStar size={14} />}
              disabled={Boolean(provider.pendingTaskId)}
              loading={action.isPending && action.variables?.action === 'default'}
              onClick={() =>
                action.mutate({ providerId: provider.id, action: 'default' }, { onSuccess: changed })
              }
            >
              {t('channelProviders.actions.makeDefault')}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={Boolean(provider.pendingTaskId)}
            onClick={() => setDeleting(true)}
          >
            {t('channelProviders.actions.delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('channelProviders.deleteTitle')}
        message={t('channelProviders.deleteConfirm', { name: provider.name })}
        color="red"
        loading={action.isPending && action.variables?.action === 'delete'}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          action.mutate(
            { providerId: provider.id, action: 'delete' },
            {
              onSuccess: (change) => {
                setDeleting(false);
                changed(change);
              },
              onError: () => setDeleting(false),
            },
          )
        }
      />
    </Card>
  );
}

function ChannelProviders({ channel }: { channel: ProviderChannel }) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const types = useProviderTypes(clientId, channel);
  const providers = useProviders(clientId, channel);
  const save = useSaveProvider(clientId, channel);
  const [editing, setEditing] = useState<{ provider: Provider | null } | null>(null);
  const close = () => {
    save.reset();
    setEditing(null);
  };
  if (isRefused(providers.error)) return <RefusedNotice error={providers.error} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('channelProviders.help')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!types.data}
          onClick={() => setEditing({ provider: null })}
        >
          {t('channelProviders.actions.add')}
        </Button>
      </Group>
      {channel === 'telegram' ? <TelegramWebhookCard clientId={clientId} /> : null}
      <QueryState
        data={providers.data}
        loading={providers.isPending}
        error={providers.error}
        onRetry={() => void providers.refetch()}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('channelProviders.empty')}
      >
        {(data) => (
          <Stack gap="md">
            {data.items.map((provider) => (
              <ProviderCard
                key={provider.id}
                channel={channel}
                provider={provider}
                onEdit={() => setEditing({ provider })}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={close}
        size="xl"
        title={editing?.provider ? t('channelProviders.editTitle') : t('channelProviders.addTitle')}
      >
        {editing && types.data ? (
          <ProviderForm
            key={editing.provider?.id ?? 'new'}
            types={types.data.items}
            provider={editing.provider ?? undefined}
            saving={save.isPending}
            error={save.error}
            onCancel={close}
            onSave={(body) =>
              save.mutate(
                { providerId: editing.provider?.id ?? null, body },
                {
                  onSuccess: (change) => {
                    notifications.show({
                      color: 'green',
                      message: change.applied
                        ? t('channelProviders.saved', { name: body.name })
                        : t('channelProviders.sentForApproval', { name: body.name }),
                    });
                    close();
                  },
                },
              )
            }
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

/**
 * `/<channel>/configuration/provider`: the client's provider accounts of the channel (SMPP or an HTTP
 * gateway for SMS, SMTP for email, a bot for Telegram, a voice gateway; the Cloud API numbers for
 * WhatsApp), each with "test connection", credentials write-only, and which one sends. A change may
 * wait for a checker (`configuration/edit-request`).
 */
export function ProvidersPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  const providerChannel = providerChannelOf(channel);
  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="configurationProvider"
        actions={
          providerChannel ? (
            <Button
              component={Link}
              to={areaPath(channel, 'configuration/edit-request')}
              variant="subtle"
              size="sm"
            >
              {t('channelProviders.requestsLink')}
            </Button>
          ) : null
        }
      />
      {providerChannel ? (
        <ChannelProviders key={providerChannel} channel={providerChannel} />
      ) : (
        <WhatsAppNumbers />
      )}
    </>
  );
}
