import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../report-i18n';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useScenario } from '../api/reports-api';
import { ScenarioFlow } from '../components/scenario-flow';

/**
 * `/scenario-diagram/:campaignCode`: the campaign's flow — upload, approval, window, each attempt of its
 * retry plan, fallbacks, outcomes — with one batch's counts on every step and edge, refreshed while it runs.
 */
export function ScenarioDiagramPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const { campaignCode = '' } = useParams();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [batchId, setBatchId] = useState<string | null>(null);
  const scenario = useScenario(clientId, campaignCode, batchId);
  const data = scenario.data;

  return (
    <>
      <PageHeader
        title={t('pages.scenarioDiagram')}
        description={data ? `${data.campaign.code} — ${data.campaign.name}` : campaignCode}
      />
      <QueryState
        data={data}
        loading={scenario.isLoading}
        error={scenario.error}
        onRetry={() => void scenario.refetch()}
        notFoundText={t('report.scenario.notFound')}
      >
        {(loaded) => (
          <Stack gap="md">
            <Group gap="md" align="flex-end">
              <Select
                label={t('report.scenario.batch')}
                placeholder={t('report.scenario.noBatch')}
                value={loaded.batchId}
                allowDeselect={false}
                disabled={loaded.batches.length === 0}
                onChange={setBatchId}
                data={loaded.batches.map((batch) => ({
                  value: batch.batchId,
                  label: `${formatDate(batch.createdAt)} · ${batch.fileName ?? batch.batchId.slice(0, 8)} · ${t(`report.batchStatuses.${batch.status}`)}`,
                }))}
                w={420}
              />
              <Text size="sm" c="dimmed">
                {loaded.plan
                  ? t('report.scenario.plan', {
                      attempts: loaded.plan.maxAttempts,
                      fallbacks:
                        loaded.plan.fallbackChannels
                          .map((channel) => t(`report.channels.${channel}`))
                          .join(', ') || t('report.scenario.noFallback'),
                    })
                  : t('report.scenario.noPlan')}
                {' · '}
                {loaded.hasWindow ? t('report.scenario.withWindow') : t('report.scenario.anyTime')}
              </Text>
            </Group>
            {loaded.batchId === null ? (
              <Text size="sm" c="dimmed">
                {t('report.scenario.empty')}
              </Text>
            ) : null}
            <ScenarioFlow scenario={loaded} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
