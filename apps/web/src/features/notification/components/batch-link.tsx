import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Back to the batch a list belongs to. */
export function BatchLink({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/notification/campaign-batch-detail?batchId=${batchId}`} size="sm">
      {t('notification.batch.back')}
    </Anchor>
  );
}
