import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../lib/http';

export type QueryStateProps<Data> = {
  data: Data | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** When set and true for the data, the empty text shows instead of the children. */
  isEmpty?: (data: Data) => boolean;
  emptyText?: string;
  /** When set, a 404 answer shows this sentence instead of the server's, without a retry button. */
  notFoundText?: string;
  children: (data: Data) => ReactNode;
};

/** Loading, error with retry and empty states for anything that is not a table (forms, cards, charts). */
export function QueryState<Data>({
  data,
  loading,
  error,
  onRetry,
  isEmpty,
  emptyText,
  notFoundText,
  children,
}: QueryStateProps<Data>) {
  const { t } = useTranslation();
  if (error && data === undefined) {
    const notFound = notFoundText !== undefined && error instanceof ApiError && error.status === 404;
    return (
      <Alert color="red" title={t('queryState.errorTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? notFoundText : describeError(error, t)}</Text>
          {onRetry && !notFound ? (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('queryState.retry')}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={loading ? t('queryState.loading') : undefined} />
      </Center>
    );
  }
  if (isEmpty?.(data)) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return <>{children(data)}</>;
}
