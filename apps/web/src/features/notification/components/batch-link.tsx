import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCampaignArea } from './campaign-area';

/** Back to the batch a list belongs to. */
export function BatchLink({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  return (
    <Anchor component={Link} to={area.batchDetail(batchId)} size="sm">
      {t('notification.batch.back')}
    </Anchor>
  );
}
