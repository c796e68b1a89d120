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

/**
 * `/notification/campaign/create?action=create|copy&clientId=…` (spec §2): a new campaign, or with
 * `action=copy&campaignId=…` one that starts from another's content. The campaign is the signed-in
 * client's: a link made for another client says so instead of creating it in the wrong one.
 */
export function CampaignCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const area = useCampaignArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const action = params.get('action') ?? 'create';
  const sourceId = action === 'copy' ? params.get('campaignId') : null;
  const linkClient = params.get('clientId');
  const source = useCampaign(clientId, sourceId);
  const save = useSaveCampaign(clientId, null);

  if (linkClient && linkClient !== clientId)
    return (
      <>
        <PageHeader title={t('pages.campaignCreate')} />
        <Alert color="yellow" role="alert">
          {t('notification.campaign.otherClient')}
        </Alert>
      </>
    );

  const form = (initial?: Parameters<typeof CampaignForm>[0]['initial']) => (
    <CampaignForm
      clientId={clientId}
      initial={initial}
      editing={false}
      fixedChannel={area.channel}
      initialType={params.get('type') === 'collection_reminder' ? 'collection_reminder' : undefined}
      saving={save.isPending}
      error={save.error}
      onCancel={() =>
        navigate(params.get('type') === 'collection_reminder' ? area.collectionReminders : area.list)
      }
      onSave={(result) =>
        save.mutate(result, {
          onSuccess: ({ campaign }) => {
            notifications.show({
              color: 'green',
              message: t(`notification.campaign.saved.${campaign.status}`, { code: campaign.code }),
            });
            navigate(area.show(campaign.campaignId));
          },
        })
      }
    />
  );

  return (
    <>
      <PageHeader title={t('pages.campaignCreate')} description={t('notification.campaign.createHelp')} />
      {sourceId ? (
        <QueryState
          data={source.data}
          loading={source.isPending}
          error={source.error}
          notFoundText={t('notification.campaign.notFound')}
          onRetry={() => void source.refetch()}
        >
          {(campaign) => form(campaign)}
        </QueryState>
      ) : (
        form()
      )}
    </>
  );
}
