import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useProfile, useUpdateConsent } from '../api/account-api';
import { SectionCard } from './section-card';

/** The user's consent to the terms of use: when and which version they accepted, or that they did not. */
export function ConsentCard() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const profile = useProfile();
  const consent = useUpdateConsent();

  return (
    <SectionCard id="consent" title={t('consent.title')} description={t('consent.help')}>
      <QueryState
        data={profile.data}
        loading={profile.isLoading}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      >
        {(data) => {
          const accepted = data.consentAcceptedAt !== null;
          return (
            <Stack gap="sm" align="flex-start">
              <Group gap="xs">
                <Badge color={accepted ? 'teal' : 'gray'} data-testid="consent-status">
                  {accepted ? t('consent.accepted') : t('consent.notAccepted')}
                </Badge>
                {accepted ? (
                  <Text size="sm" c="dimmed">
                    {t('consent.acceptedOn', {
                      date: formatDate(data.consentAcceptedAt),
                      version: data.consentVersion ?? '1',
                    })}
                  </Text>
                ) : null}
              </Group>
              {consent.isError ? (
                <Alert color="red" role="alert">
                  {describeError(consent.error, t)}
                </Alert>
              ) : null}
              <Button
                variant={accepted ? 'default' : 'filled'}
                loading={consent.isPending}
                onClick={() => consent.mutate(!accepted)}
              >
                {accepted ? t('consent.withdraw') : t('consent.accept')}
              </Button>
            </Stack>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
