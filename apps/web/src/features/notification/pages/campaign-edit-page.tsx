import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { useCampaign } from '../api/campaigns-api';
import { useSaveCampaign } from '../api/save-campaign';
import { useCampaignArea } from '../components/campaign-area';
import { CampaignForm } from '../components/campaign-form';
import { belongsToArea, OutsideArea } from '../components/outside-area';

/** `/notification/campaign/edit?campaignId=…`: a draft changes at once, a running one may wait for a checker. */
export function CampaignEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaignId = useSearchParams()[0].get('campaignId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const campaign = useCampaign(clientId, campaignId);
  const save = useSaveCampaign(clientId, campaignId);
  const area = useCampaignArea();
  const back = () => navigate(area.show(campaignId ?? ''));
  return (
    <>
      <PageHeader title={t('pages.campaignEdit')} description={t('notification.campaign.editHelp')} />
      {campaignId ? (
        <QueryState
          data={campaign.data}
          loading={campaign.isPending}
          error={campaign.error}
          notFoundText={t('notification.campaign.notFound')}
          onRetry={() => void campaign.refetch()}
        >
          {(current) =>
            !belongsToArea(area, [current.channel]) ? (
              <OutsideArea area={area} text={t('notification.campaign.notFound')} />
            ) : (
              <>
                {current.pendingVersion !== null ? (
                  <Alert color="yellow" mb="md">
                    {t('notification.campaign.editPending', { version: current.pendingVersion })}
                  </Alert>
                ) : null}
                <CampaignForm
                  key={current.campaignId}
                  clientId={clientId}
                  initial={current}
                  editing
                  saving={save.isPending}
                  error={save.error}
                  onCancel={back}
                  onSave={(result) =>
                    save.mutate(result, {
                      onSuccess: ({ campaign: saved, editPending }) => {
                        notifications.show({
                          color: 'green',
                          message: editPending
                            ? t('notification.campaign.editSent', { code: saved.code })
                            : t(`notification.campaign.saved.${saved.status}`, { code: saved.code }),
                        });
                        back();
                      },
                    })
                  }
                />
              </>
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
