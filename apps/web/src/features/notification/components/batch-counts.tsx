import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import type { Batch } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What reading a batch's file gave: valid rows, and the rows kept apart by kind, each linking to its rows. */
export function BatchCounts({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const errors = `/notification/batchErrorInput?batchId=${batch.batchId}`;
  const items = [
    {
      key: 'valid',
      value: batch.validCount,
      color: 'teal',
      to: `/notification/batchInput?batchId=${batch.batchId}`,
    },
    { key: 'invalid', value: batch.invalidCount, color: 'red', to: `${errors}&kind=invalid` },
    { key: 'blacklisted', value: batch.blacklistedCount, color: 'dark', to: `${errors}&kind=blacklisted` },
    { key: 'duplicate', value: batch.duplicateCount, color: 'orange', to: `${errors}&kind=duplicate` },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {items.map((item) => (
        <Card key={item.key} withBorder role="group" aria-label={t(`notification.counts.${item.key}`)}>
          <Text size="sm" c="dimmed">
            {t(`notification.counts.${item.key}`)}
          </Text>
          <Text fz={26} fw={700} c={item.color} data-testid={`count-${item.key}`}>
            {item.value}
          </Text>
          {item.value > 0 ? (
            <Anchor component={Link} to={item.to} size="xs">
              {t('notification.upload.seeRows')}
            </Anchor>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
