import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { switchOwnClient, useMyClients } from '../../features/shell/api/switch-client';
import { forgetGuardSubscription } from '../../features/subscription/api/get-subscription';
import { describeError } from '../../lib/http';
import { useSessionStore } from '../../lib/session';

/** A super admin picks the client they act for (spec §6: only SAD gets the list of all clients). */
export function ClientSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionStore((state) => state.session);
  const setSession = useSessionStore((state) => state.setSession);
  const clients = useMyClients(session?.userId ?? '', session?.role === 'SAD');
  const [target, setTarget] = useState<string | null>(null);
  const targetName =
    clients.data?.listClientInfo.find((client) => client.clientId === target)?.clientName ?? '';

  const switchClient = useMutation({
    mutationFn: switchOwnClient,
    onSuccess: (next) => {
      setSession(next);
      forgetGuardSubscription();
      // Everything cached belonged to the previous client.
      queryClient.clear();
      setTarget(null);
      notifications.show({
        color: 'teal',
        message: t('header.switchedClient', { clientName: next.clientInfo.clientName }),
      });
      void navigate('/', { replace: true });
    },
    onError: (error) => {
      setTarget(null);
      notifications.show({
        color: 'red',
        title: t('header.switchClientFailed'),
        message: describeError(error, t),
      });
    },
  });

  if (session?.role !== 'SAD') return null;
  const data = (clients.data?.listClientInfo ?? [session.clientInfo]).map((client) => ({
    value: client.clientId,
    label: client.clientName,
  }));

  return (
    <>
      <Select
        aria-label={t('header.switchClient')}
        data-testid="client-switcher"
        size="xs"
        w={200}
        searchable
        allowDeselect={false}
        value={session.clientId}
        data={data}
        onChange={(clientId) => {
          if (clientId && clientId !== session.clientId) setTarget(clientId);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <ConfirmDialog
        opened={target !== null}
        title={t('header.switchClientConfirmTitle')}
        message={t('header.switchClientConfirm', { clientName: targetName })}
        loading={switchClient.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && switchClient.mutate(target)}
      />
    </>
  );
}
