import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CreateClientRequest } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OneTimeSecretNotice } from '../../../components/one-time-secret-notice';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { fieldErrorsOfValidation } from '../../../lib/forms/schema-field-errors';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { describeError } from '../../../lib/http';
import {
  useClient,
  useCreateClient,
  useSetClientStatus,
  useUpdateClient,
  validateClientFields,
} from '../api/clients-api';
import { ClientForm, formValuesOf } from '../components/client-form';
import '../clients-i18n';

type Created = { clientId: string; clientName: string; adminEmail: string; temporaryPassword: string };

const EMAIL_FIELD = { email_taken: 'admin.adminEmail' };

function CreateClient() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateClient();
  const problems = useServerFieldErrors(EMAIL_FIELD);
  const [checking, setChecking] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const submit = async (body: CreateClientRequest) => {
    problems.clear();
    setChecking(true);
    try {
      // Server-side validation of the admin and business type first (spec: clear messages per field).
      const answer = await validateClientFields({
        clientBizType: body.clientBizType,
        ...(body.admin ? { adminName: body.admin.adminName, adminEmail: body.admin.adminEmail } : {}),
      });
      if (!answer.valid) {
        const fields = fieldErrorsOfValidation(answer);
        problems.setFields(
          Object.fromEntries(
            Object.entries(fields).map(([field, message]) => [
              field.startsWith('admin') ? `admin.${field}` : field,
              message,
            ]),
          ),
        );
        return;
      }
      const result = await create.mutateAsync(body);
      if (result.admin) {
        setCreated({
          clientId: result.client.clientId,
          clientName: result.client.clientName,
          adminEmail: result.admin.user.email,
          temporaryPassword: result.admin.temporaryPassword,
        });
      } else {
        notifications.show({
          color: 'teal',
          message: t('clients.created', { name: result.client.clientName }),
        });
        navigate(`/clients/client/${result.client.clientId}`);
      }
    } catch (error) {
      problems.show(error);
    } finally {
      setChecking(false);
    }
  };

  if (created) {
    return (
      <Stack maw={720}>
        <PageHeader title={t('pages.clientCreate')} />
        <OneTimeSecretNotice
          title={t('clients.created', { name: created.clientName })}
          description={t('clients.adminCreated', { email: created.adminEmail })}
          secretLabel={t('clients.temporaryPassword')}
          secret={created.temporaryPassword}
        />
        <Group gap="xs">
          <Button component={Link} to={`/clients/client/${created.clientId}`}>
            {t('clients.openClient')}
          </Button>
          <Button component={Link} to="/clients" variant="default">
            {t('clients.backToList')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.clientCreate')} description={t('clients.createHelp')} />
      <ClientForm
        mode="create"
        initial={formValuesOf(undefined)}
        submitting={checking || create.isPending}
        serverErrors={problems.fieldErrors}
        formError={problems.formError}
        onSubmit={(body) => void submit(body)}
        actions={
          <Button component={Link} to="/clients" variant="default">
            {t('clients.cancel')}
          </Button>
        }
      />
    </>
  );
}

function EditClient({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const query = useClient(clientId);
  const update = useUpdateClient(clientId);
  const setStatus = useSetClientStatus();
  const problems = useServerFieldErrors(EMAIL_FIELD);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <PageHeader
        title={query.data ? query.data.clientName : t('pages.clientEdit')}
        description={
          <Anchor component={Link} to="/clients" size="sm">
            {t('clients.backToList')}
          </Anchor>
        }
        actions={
          query.data ? (
            <Group gap="xs">
              <Badge color={query.data.status === 'active' ? 'teal' : 'gray'} variant="light">
                {t(`clients.status.${query.data.status}`)}
              </Badge>
              <Button
                variant="light"
                color={query.data.status === 'active' ? 'red' : 'teal'}
                onClick={() => setConfirming(true)}
              >
                {t(query.data.status === 'active' ? 'clients.deactivate' : 'clients.activate')}
              </Button>
            </Group>
          ) : null
        }
      />
      <QueryState
        data={query.data}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundText={t('clients.notFound')}
      >
        {(client) => (
          <ClientForm
            key={client.updatedAt}
            mode="edit"
            initial={formValuesOf(client)}
            submitting={update.isPending}
            serverErrors={problems.fieldErrors}
            formError={problems.formError}
            onSubmit={({ admin: _none, ...fields }) => {
              problems.clear();
              update.mutate(fields, {
                onSuccess: (saved) =>
                  notifications.show({
                    color: 'teal',
                    message: t('clients.saved', { name: saved.clientName }),
                  }),
                onError: problems.show,
              });
            }}
          />
        )}
      </QueryState>
      {query.data ? (
        <ConfirmDialog
          opened={confirming}
          title={t(query.data.status === 'active' ? 'clients.deactivate' : 'clients.activate')}
          message={t(
            query.data.status === 'active' ? 'clients.confirmDeactivate' : 'clients.confirmActivate',
            {
              name: query.data.clientName,
            },
          )}
          color={query.data.status === 'active' ? 'red' : undefined}
          loading={setStatus.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            setStatus.mutate(
              { client: query.data, action: query.data.status === 'active' ? 'deactivate' : 'activate' },
              {
                onSuccess: (saved) => {
                  setConfirming(false);
                  notifications.show({
                    color: 'teal',
                    message: t(`clients.statusChanged.${saved.status}`, { name: saved.clientName }),
                  });
                },
                onError: (error) => {
                  setConfirming(false);
                  notifications.show({ color: 'red', message: describeError(error, t) });
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}

/** `/clients/client` creates a client; `/clients/client/:clientId` edits, deactivates or activates one. */
export function ClientFormPage() {
  const { clientId } = useParams();
  return clientId ? <EditClient key={clientId} clientId={clientId} /> : <CreateClient />;
}

export default ClientFormPage;
