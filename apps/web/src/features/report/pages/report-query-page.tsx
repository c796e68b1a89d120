import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Export } from '@sapa/contracts';
import { IconChartBar, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate } from 'react-router';
import '../report-i18n';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useReport, useRequestReport } from '../api/reports-api';
import { searchOf, toFilters } from '../components/report-filters';
import { ReportFiltersForm } from '../components/report-filters-form';
import { ReportNav } from '../components/report-nav';
import { ReportProgress } from '../components/report-progress';
import { useReportContext } from '../components/use-report-context';

/**
 * `/report` and `/report/query`: the filters that build a report; show its figures, or generate it as a
 * CSV built by a job whose progress shows here and on `/report/download`.
 */
export function ReportQueryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened as the area's own page (`/report`, USR's landing) it is named as the area, like its title.
  const isAreaPage = useMatch('/report') !== null;
  const { clientId, today, form, campaigns } = useReportContext();
  const requestReport = useRequestReport(clientId);
  const [requested, setRequested] = useState<Export | null>(null);
  const followed = useReport(clientId, requested?.id ?? null).data ?? requested;

  return (
    <>
      <PageHeader
        title={isAreaPage ? t('areas.report') : t('pages.query')}
        description={t('report.query.help')}
      />
      <ReportNav />
      <Stack gap="md">
        <Card withBorder padding="md">
          <ReportFiltersForm
            initial={form}
            campaigns={campaigns}
            today={today}
            actions={[
              {
                label: t('report.query.show'),
                icon: <IconChartBar size={16} />,
                primary: true,
                run: (chosen) => navigate(`/report/reportPage?${searchOf(toFilters(chosen))}`),
              },
              {
                label: t('report.query.generate'),
                icon: <IconFileExport size={16} />,
                loading: requestReport.isPending,
                run: (chosen) =>
                  requestReport.mutate(toFilters(chosen), {
                    onSuccess: setRequested,
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: t('report.query.failed'),
                        message: describeError(error, t),
                      }),
                  }),
              },
            ]}
          />
        </Card>
        {followed ? (
          <Card withBorder padding="sm" role="region" aria-label={t('report.query.generated')}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {t('report.query.generated')}
                </Text>
                <Anchor component={Link} to="/report/download" size="sm">
                  {t('report.query.allReports')}
                </Anchor>
              </Group>
              <ReportProgress item={followed} />
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
