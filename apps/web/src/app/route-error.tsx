import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render (e.g. a lazy chunk is gone after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h3">
          {t('errors.pageTitle')}
        </Title>
        <Text c="dimmed">{t('errors.unexpected')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
