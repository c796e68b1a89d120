import { Alert, Button, Card, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { isTrialExpired, NEVER_EXPIRES, type Subscription } from '@sapa/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { forgetGuardSubscription, useSubscription } from '../api/get-subscription';

function formatDate(epochMs: number, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      epochMs,
    );
  } catch {
    return new Date(epochMs).toISOString();
  }
}

function SubscriptionState({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const clientInfo = useSessionStore((state) => state.session?.clientInfo);
  const clientName = clientInfo?.clientName ?? '';
  const date = formatDate(subscription.expiredAt, i18n.language, clientInfo?.timezone ?? 'Asia/Jakarta');

  if (isTrialExpired(subscription)) {
    return (
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" color="orange" variant="light" aria-hidden>
          <IconAlertTriangle size={28} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('subscription.title')}
        </Title>
        <Text fw={600} data-testid="trial-expired-on">
          {t('subscription.expiredOn', { clientName, date })}
        </Text>
        <Text>{t('subscription.whatToDo')}</Text>
        <Text c="dimmed" size="sm">
          {t('subscription.stillAvailable')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={28} />
      </ThemeIcon>
      <Title order={1} size="h3">
        {t('subscription.activeTitle')}
      </Title>
      <Text>
        {subscription.isTrial && subscription.expiredAt !== NEVER_EXPIRES
          ? t('subscription.trialUntil', { clientName, date })
          : t('subscription.noExpiry', { clientName })}
      </Text>
      <Button component={Link} to="/" variant="light">
        {t('subscription.goOn')}
      </Button>
    </Stack>
  );
}

/** The trial page of spec §2/§4: what expired and when, and what to do; open without the feature guard. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const subscription = useSubscription(clientId);
  // The guard reads this page's answer next time: a renewed subscription opens the features at once.
  useEffect(() => {
    if (subscription.data) forgetGuardSubscription();
  }, [subscription.data]);

  return (
    <Card withBorder padding="xl" maw={720}>
      {subscription.isPending && <Loader aria-label={t('common.loading')} />}
      {subscription.isError && (
        <Alert color="red" role="alert" title={t('subscription.loadFailed')}>
          {describeError(subscription.error, t)}
        </Alert>
      )}
      {subscription.data && <SubscriptionState subscription={subscription.data} />}
    </Card>
  );
}

export default SubscriptionPage;
