import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User, UserStatusAction } from '@sapa/contracts';
import { IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useClientChoices } from '../../../entities/client';
import { fieldErrorsOfValidation } from '../../../lib/forms/schema-field-errors';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  STATUS_ACTIONS,
  useChangeUserClient,
  useResetUserMfa,
  useUpdateUser,
  useUser,
  useUserRights,
  useUserStatusAction,
  validateUserFields,
} from '../api/users-api';
import { UserFieldsForm } from '../components/user-fields-form';
import { UserStatusBadge } from '../components/user-status-badge';
import '../users-i18n';

const EMAIL_FIELD = { email_taken: 'email' };

function EditUser({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.userId);
  const problems = useServerFieldErrors(EMAIL_FIELD);
  const [pendingTask, setPendingTask] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  return (
    <Stack gap="sm">
      {pendingTask ? (
        <Alert
          color="blue"
          icon={<IconHourglass size={18} />}
          title={t('users.sentForApproval')}
          role="status"
        >
          <Text size="sm">{t('users.roleChangeSent')}</Text>
          <Anchor component={Link} to={`/users/tasks/${pendingTask}`} size="sm">
            {t('users.openTask')}
          </Anchor>
        </Alert>
      ) : null}
      <UserFieldsForm
        key={`${user.userId}-${user.name}-${user.email}-${user.role}`}
        label={t('pages.userEdit')}
        initial={{ name: user.name, email: user.email, role: user.role }}
        submitLabel={t('users.form.save')}
        submitting={checking || update.isPending}
        serverErrors={problems.fieldErrors}
        formError={problems.formError}
        onSubmit={async (body) => {
          problems.clear();
          setPendingTask(null);
          setChecking(true);
          try {
            const answer = await validateUserFields({ ...body, userId: user.userId });
            if (!answer.valid) {
              problems.setFields(fieldErrorsOfValidation(answer));
              return;
            }
            const result = await update.mutateAsync(body);
            if (result.outcome === 'pending_approval') setPendingTask(result.taskId);
            else
              notifications.show({ color: 'teal', message: t('users.saved', { email: result.user.email }) });
          } catch (error) {
            problems.show(error);
          } finally {
            setChecking(false);
          }
        }}
      />
    </Stack>
  );
}

function StatusActions({ user }: { user: User }) {
  const { t } = useTranslation();
  const action = useUserStatusAction(user.userId);
  const resetMfa = useResetUserMfa(user.userId);
  const [confirming, setConfirming] = useState<UserStatusAction | null>(null);
  const [confirmingMfa, setConfirmingMfa] = useState(false);
  return (
    <>
      <Group gap="xs">
        {user.mfaEnabled ? (
          <Button size="xs" variant="light" color="gray" onClick={() => setConfirmingMfa(true)}>
            {t('users.actions.resetMfa')}
          </Button>
        ) : null}
        {STATUS_ACTIONS[user.status].map((name) => (
          <Button
            key={name}
            size="xs"
            variant="light"
            color={name === 'deactivate' ? 'red' : name === 'pending' ? 'yellow' : 'teal'}
            onClick={() => setConfirming(name)}
          >
            {t(`users.actions.${name}`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={confirmingMfa}
        title={t('users.actions.resetMfa')}
        message={t('users.confirm.resetMfa', { email: user.email })}
        loading={resetMfa.isPending}
        onCancel={() => setConfirmingMfa(false)}
        onConfirm={() =>
          resetMfa.mutate(undefined, {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: t('users.mfaReset', { email: user.email }) }),
            onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
            onSettled: () => setConfirmingMfa(false),
          })
        }
      />
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`users.actions.${confirming}`) : ''}
        message={confirming ? t(`users.confirm.${confirming}`, { email: user.email }) : ''}
        color={confirming === 'deactivate' ? 'red' : undefined}
        loading={action.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          action.mutate(confirming, {
            onSuccess: (saved) => {
              notifications.show({
                color: 'teal',
                message: t('users.statusNow', {
                  email: saved.email,
                  status: t(`users.status.${saved.status}`),
                }),
              });
              setConfirming(null);
            },
            onError: (error) => {
              notifications.show({ color: 'red', message: describeError(error, t) });
              setConfirming(null);
            },
          });
        }}
      />
    </>
  );
}

function UserRights({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const rights = useUserRights(userId, true);
  return (
    <QueryState
      data={rights.data}
      loading={rights.isLoading}
      error={rights.error}
      onRetry={() => void rights.refetch()}
    >
      {(data) =>
        data.rightCodes.length ? (
          <Group gap={6}>
            {data.rightCodes.map((code) => (
              <Badge key={code} variant="outline" tt="none">
                {code}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.noRights', { role: data.roleCode })}
          </Text>
        )
      }
    </QueryState>
  );
}

/** Super admin: move the user to another client (their sessions end; they leave this list). */
function ChangeClient({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clients = useClientChoices(true);
  const change = useChangeUserClient(user.userId);
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const targetName = clients.data?.find((client) => client.clientId === target)?.clientName ?? '';
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={t('users.changeClient')}
        placeholder={t('users.chooseClient')}
        data={(clients.data ?? [])
          .filter((client) => client.clientId !== user.clientId)
          .map((client) => ({ value: client.clientId, label: client.clientName }))}
        value={target}
        onChange={setTarget}
        searchable
        w={280}
      />
      <Button variant="default" disabled={!target} onClick={() => setConfirming(true)}>
        {t('users.move')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('users.changeClient')}
        message={t('users.confirmMove', { email: user.email, client: targetName })}
        loading={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          target &&
          change.mutate(target, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: t('users.moved', { email: user.email, client: targetName }),
              });
              navigate('/users');
            },
            onError: (error) => {
              setConfirming(false);
              notifications.show({ color: 'red', message: describeError(error, t) });
            },
          })
        }
      />
    </Group>
  );
}

/** `/users/user/:userId`: the user's details, edit, state actions, rights and (super admin) client. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  const query = useUser(userId);
  const isMe = query.data?.userId === session?.userId;

  return (
    <>
      <PageHeader
        title={query.data ? query.data.name : t('pages.userEdit')}
        description={
          <Anchor component={Link} to="/users" size="sm">
            {t('users.backToList')}
          </Anchor>
        }
        actions={query.data ? <UserStatusBadge status={query.data.status} /> : null}
      />
      <QueryState
        data={query.data}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundText={t('users.notFound')}
      >
        {(user) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('users.details')}
              </Title>
              <EditUser user={user} />
            </Card>
            <Stack gap="lg">
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  {t('users.state')}
                </Title>
                <Stack gap="xs">
                  <Text size="sm">
                    {t('users.fields.lastLoginAt')}: {formatDate(user.lastLoginAt)} ·{' '}
                    {t('users.fields.createdAt')}: {formatDate(user.createdAt)} · MFA:{' '}
                    {t(user.mfaEnabled ? 'users.on' : 'users.off')}
                  </Text>
                  {isMe ? (
                    <Text size="sm" c="dimmed">
                      {t('users.notOnYourself')}
                    </Text>
                  ) : (
                    <StatusActions user={user} />
                  )}
                </Stack>
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  {t('users.rights')}
                </Title>
                <UserRights userId={user.userId} />
              </Card>
              {session?.role === 'SAD' && !isMe ? (
                <Card withBorder>
                  <ChangeClient user={user} />
                </Card>
              ) : null}
            </Stack>
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

export default UserDetailPage;
