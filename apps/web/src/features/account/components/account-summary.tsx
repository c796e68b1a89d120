import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROLE_NAMES } from '@sapa/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useMe } from '../api/get-me';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** The signed-in user from `GET /api/users/me`, with its loading and error states. */
export function AccountSummary() {
  const { t } = useTranslation();
  const me = useMe();

  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="account-summary-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="account-summary-title">
          {t('account.title')}
        </Title>
        {me.isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('account.loading')}</Text>
          </Group>
        )}
        {me.isError && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={t('account.error')}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{describeError(me.error, t)}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void me.refetch()}
                loading={me.isFetching}
              >
                {t('account.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {me.isSuccess && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label={t('account.name')}>{me.data.name}</Field>
            <Field label={t('account.email')}>{me.data.email}</Field>
            <Field label={t('account.role')}>
              {me.data.role} ·{' '}
              {t(`roles.${me.data.role}`, {
                defaultValue: ROLE_NAMES[me.data.role as keyof typeof ROLE_NAMES] ?? me.data.role,
              })}
            </Field>
            <Field label={t('account.client')}>{me.data.clientInfo.clientName}</Field>
            <Field label={t('account.features')}>
              {me.data.features.length === 0 ? (
                t('account.noFeatures')
              ) : (
                <Group gap={6} mt={4}>
                  {me.data.features.map((feature) => (
                    <Badge key={feature} variant="light" size="sm">
                      {t(`features.${feature}`, { defaultValue: feature })}
                    </Badge>
                  ))}
                </Group>
              )}
            </Field>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
