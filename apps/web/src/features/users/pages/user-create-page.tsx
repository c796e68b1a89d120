import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import type { UpdateUserRequest } from '@sapa/contracts';
import { IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OneTimeSecretNotice } from '../../../components/one-time-secret-notice';
import { PageHeader } from '../../../components/page-header';
import { useClientChoices } from '../../../entities/client';
import { fieldErrorsOfValidation } from '../../../lib/forms/schema-field-errors';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import { useCreateUser, validateUserFields } from '../api/users-api';
import { UserFieldsForm } from '../components/user-fields-form';
import '../users-i18n';

type Outcome =
  | { kind: 'created'; userId: string; email: string; inMyClient: boolean; temporaryPassword: string }
  | { kind: 'pending'; taskId: string; email: string };

const EMAIL_FIELD = { email_taken: 'email' };

/** `/users/user`: a new user; it is created at once, or waits for a checker when the client requires it. */
export function UserCreatePage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const isSuperAdmin = session?.role === 'SAD';
  const clients = useClientChoices(isSuperAdmin);
  const [clientId, setClientId] = useState<string | null>(session?.clientId ?? null);
  const create = useCreateUser();
  const problems = useServerFieldErrors(EMAIL_FIELD);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = async (body: UpdateUserRequest) => {
    problems.clear();
    setChecking(true);
    try {
      const answer = await validateUserFields(body);
      if (!answer.valid) {
        problems.setFields(fieldErrorsOfValidation(answer));
        return;
      }
      const target = isSuperAdmin && clientId ? clientId : undefined;
      const result = await create.mutateAsync({ ...body, ...(target ? { clientId: target } : {}) });
      setOutcome(
        result.outcome === 'created'
          ? {
              kind: 'created',
              userId: result.user.userId,
              email: result.user.email,
              inMyClient: result.user.clientId === session?.clientId,
              temporaryPassword: result.temporaryPassword,
            }
          : { kind: 'pending', taskId: result.taskId, email: body.email },
      );
    } catch (error) {
      problems.show(error);
    } finally {
      setChecking(false);
    }
  };

  const again = () => {
    setOutcome(null);
    setFormKey((key) => key + 1);
  };

  return (
    <>
      <PageHeader title={t('pages.userCreate')} description={t('users.createHelp')} />
      {outcome?.kind === 'created' ? (
        <Stack maw={720}>
          <OneTimeSecretNotice
            title={t('users.created', { email: outcome.email })}
            description={t('users.createdHelp')}
            secretLabel={t('users.temporaryPassword')}
            secret={outcome.temporaryPassword}
          />
          <Group gap="xs">
            {outcome.inMyClient ? (
              <Button component={Link} to={`/users/user/${outcome.userId}`}>
                {t('users.openUser')}
              </Button>
            ) : null}
            <Button variant="default" onClick={again}>
              {t('users.createAnother')}
            </Button>
          </Group>
        </Stack>
      ) : outcome?.kind === 'pending' ? (
        <Stack maw={720}>
          <Alert
            color="blue"
            icon={<IconHourglass size={18} />}
            title={t('users.sentForApproval')}
            role="status"
          >
            {t('users.sentForApprovalHelp', { email: outcome.email })}
          </Alert>
          <Group gap="xs">
            <Button component={Link} to={`/users/tasks/${outcome.taskId}`}>
              {t('users.openTask')}
            </Button>
            <Button variant="default" onClick={again}>
              {t('users.createAnother')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <UserFieldsForm
          key={formKey}
          label={t('pages.userCreate')}
          initial={{ name: '', email: '', role: null }}
          submitLabel={t('users.form.create')}
          submitting={checking || create.isPending}
          serverErrors={problems.fieldErrors}
          formError={problems.formError}
          onSubmit={(body) => void submit(body)}
          extraFields={
            isSuperAdmin ? (
              <Select
                label={t('users.fields.client')}
                description={t('users.form.clientHelp')}
                data={(clients.data ?? []).map((client) => ({
                  value: client.clientId,
                  label: client.clientName,
                }))}
                value={clientId}
                onChange={setClientId}
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('users.form.noClient')}
                error={clients.isError ? t('users.form.clientsFailed') : undefined}
              />
            ) : null
          }
          actions={
            <Button component={Link} to="/users" variant="default">
              {t('users.cancel')}
            </Button>
          }
        />
      )}
    </>
  );
}

export default UserCreatePage;
