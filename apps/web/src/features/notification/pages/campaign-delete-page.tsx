import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useCampaign, useDeleteCampaign } from '../api/campaigns-api';

/**
 * `/notification/campaign/delete?campaignId=…`: the shared yes/cancel dialog (spec §2). Only a draft or
 * a rejected campaign may go; one that ran is set inactive instead, and the page says so.
 */
export function CampaignDeletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaignId = useSearchParams()[0].get('campaignId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const campaign = useCampaign(clientId, campaignId);
  const remove = useDeleteCampaign(clientId);
  const back = () =>
    navigate(campaignId ? `/notification/campaign/show?campaignId=${campaignId}` : '/notification/campaign');
  return (
    <>
      <PageHeader title={t('pages.campaignDelete')} />
      {campaignId ? (
        <QueryState
          data={campaign.data}
          loading={campaign.isPending}
          error={campaign.error}
          notFoundText={t('notification.campaign.notFound')}
          onRetry={() => void campaign.refetch()}
        >
          {(current) =>
            current.status === 'draft' || current.status === 'rejected' ? (
              <>
                <Text>{t('notification.campaign.deleteHelp', { code: current.code })}</Text>
                <ConfirmDialog
                  opened
                  title={t('notification.campaign.deleteTitle')}
                  message={t('notification.campaign.deleteConfirm', { code: current.code })}
                  color="red"
                  loading={remove.isPending}
                  onCancel={back}
                  onConfirm={() =>
                    remove.mutate(current.campaignId, {
                      onSuccess: () => {
                        notifications.show({
                          color: 'green',
                          message: t('notification.campaign.deleted', { code: current.code }),
                        });
                        navigate('/notification/campaign', { replace: true });
                      },
                      onError: (error) =>
                        notifications.show({ color: 'red', message: describeError(error, t) }),
                    })
                  }
                />
              </>
            ) : (
              <Alert color="yellow" role="alert">
                {t('notification.campaign.notDeletable', { code: current.code })}
              </Alert>
            )
          }
        </QueryState>
      ) : (
        <Alert color="red" role="alert">
          {t('notification.campaign.notFound')}
        </Alert>
      )}
    </>
  );
}
