import { type Campaign, campaignsOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import type { CampaignFormResult } from '../components/campaign-form';

/**
 * Saves what the campaign form gives: a new window and retry plan first (the campaign names them),
 * then the campaign (created, or edited), then its submission when asked. Answers the campaign, and whether an edit waits for a checker.
 */
export function useSaveCampaign(clientId: string, campaignId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: CampaignFormResult) => {
      const content = { ...form.content };
      if (form.newWindow) {
        const window = await callOperation(campaignsOperations.createWindow, { body: form.newWindow });
        content.windowId = window.windowId;
      }
      if (form.newRetryPlan) {
        const plan = await callOperation(campaignsOperations.createRetryPlan, { body: form.newRetryPlan });
        content.retryPlanId = plan.retryPlanId;
      }
      let campaign: Campaign;
      if (campaignId) {
        const change = await callOperation(campaignsOperations.updateCampaign, {
          params: { campaignId },
          body: content,
        });
        // A running campaign's edit that waits for a checker: the running version stays.
        if (change.outcome === 'pending_approval') return { campaign: change.campaign, editPending: true };
        campaign = change.campaign;
      } else {
        campaign = await callOperation(campaignsOperations.createCampaign, {
          body: { ...content, code: form.code, channel: form.channel },
        });
      }
      if (form.submit && (campaign.status === 'draft' || campaign.status === 'rejected')) {
        campaign = (
          await callOperation(campaignsOperations.submitCampaign, {
            params: { campaignId: campaign.campaignId },
          })
        ).campaign;
      }
      return { campaign, editPending: false };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notification', clientId] }),
  });
}
