import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type Campaign,
  type CampaignChannel,
  CampaignContentSchema,
  campaignContentProblem,
  type ParamKind,
  ParamTranslatorSchema,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useCampaign, useCampaigns, useUpdateCampaign } from '../api/campaigns-api';
import { useTranslatorPreview } from '../api/param-translator-api';
import { useCampaignArea } from '../components/campaign-area';
import {
  ParamTranslatorEditor,
  type TranslatorDraft,
  translatorDraftOf,
  translatorOf,
} from '../components/param-translator-editor';

/** A sample cell per kind of column, written as a person's file would (edited freely on the page). */
const SAMPLE_CELL: Record<ParamKind, string> = {
  text: ' Budi Santoso ',
  phone: '0812-3456-7890',
  email: 'Budi@Example.com',
  date: '31/12/2026',
  number: '1.234,5',
  currency: '150.000',
};

/** The file columns a draft reads, each once, in rule order. */
function columnsOf(draft: TranslatorDraft): { column: string; kind: ParamKind }[] {
  const seen = new Set<string>();
  return draft.rules
    .filter((rule) => rule.from.trim() !== '')
    .filter((rule) => !seen.has(rule.from) && Boolean(seen.add(rule.from)))
    .map((rule) => ({ column: rule.from, kind: rule.kind }));
}

export type TranslatorPreviewProps = {
  channel: CampaignChannel;
  draft: TranslatorDraft;
  row: Record<string, string>;
  onRowChange: (row: Record<string, string>) => void;
};

/**
 * A sample row of the file and what the translator makes of it, computed by the server exactly as an
 * upload would (the client's country and locale): the recipient and each parameter, or why the row
 * would be refused. An invalid draft says what to fix instead.
 */
export function TranslatorPreview({ channel, draft, row, onRowChange }: TranslatorPreviewProps) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const columns = columnsOf(draft);
  const sample = Object.fromEntries(
    columns.map(({ column, kind }) => [column, row[column] ?? SAMPLE_CELL[kind]]),
  );
  const parsed = ParamTranslatorSchema.safeParse(translatorOf(draft));
  // Debounced as text: a fresh object each render would restart the wait for ever.
  const [asked] = useDebouncedValue(
    parsed.success ? JSON.stringify({ channel, paramTranslator: parsed.data, row: sample }) : '',
    300,
  );
  const preview = useTranslatorPreview(clientId, parsed.success && asked ? JSON.parse(asked) : null);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('notification.translatorPage.preview')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs" role="group" aria-label={t('notification.translatorPage.sampleRow')}>
          <Text size="sm" c="dimmed">
            {t('notification.translatorPage.sampleHelp')}
          </Text>
          {columns.map(({ column }) => (
            <TextInput
              key={column}
              size="xs"
              label={column}
              value={sample[column] ?? ''}
              onChange={(event) => onRowChange({ ...sample, [column]: event.currentTarget.value })}
            />
          ))}
        </Stack>
        <Stack gap="xs" aria-live="polite">
          {!parsed.success ? (
            <Alert color="yellow" title={t('notification.translatorPage.fixFirst')}>
              <List size="sm">
                {[...new Set(parsed.error.issues.map((issue) => issue.message))].map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          ) : preview.error ? (
            <Alert color="red" role="alert">
              {describeError(preview.error, t)}
            </Alert>
          ) : !preview.data ? (
            <Text size="sm" c="dimmed">
              {t('notification.translatorPage.computing')}
            </Text>
          ) : preview.data.ok ? (
            <Table withTableBorder aria-label={t('notification.translatorPage.result')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('notification.translator.to')}</Table.Th>
                  <Table.Th>{t('notification.translatorPage.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td fw={600}>{t('notification.translatorPage.recipient')}</Table.Td>
                  <Table.Td>{preview.data.recipient}</Table.Td>
                </Table.Tr>
                {Object.entries(preview.data.params).map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre' }}>{value === '' ? '—' : value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Alert color="red" title={t('notification.translatorPage.refused')}>
              {preview.data.reason}
            </Alert>
          )}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

function TranslatorOfCampaign({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const update = useUpdateCampaign(clientId);
  const [draft, setDraft] = useState<TranslatorDraft>(translatorDraftOf(campaign.paramTranslator));
  const [row, setRow] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const save = () => {
    const parsed = CampaignContentSchema.safeParse({ ...campaign, paramTranslator: translatorOf(draft) });
    const found = parsed.success
      ? [campaignContentProblem(parsed.data)].filter((problem): problem is string => problem !== null)
      : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    setProblems(found);
    if (!parsed.success || found.length > 0) return;
    update.mutate(
      { campaignId: campaign.campaignId, body: parsed.data },
      {
        onSuccess: (change) =>
          notifications.show({
            color: 'green',
            message:
              change.outcome === 'pending_approval'
                ? t('notification.campaign.editSent', { code: campaign.code })
                : t('notification.translatorPage.saved', { code: campaign.code }),
          }),
      },
    );
  };
  return (
    <Stack gap="lg">
      {campaign.pendingVersion !== null ? (
        <Alert color="yellow">
          {t('notification.campaign.editPending', { version: campaign.pendingVersion })}
        </Alert>
      ) : null}
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('notification.translator.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('notification.translator.help')}
        </Text>
        <ParamTranslatorEditor value={draft} onChange={setDraft} />
      </Card>
      <TranslatorPreview channel={campaign.channel} draft={draft} row={row} onRowChange={setRow} />
      {problems.length > 0 ? (
        <Alert color="red" role="alert" title={t('notification.plans.fix')}>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {update.error ? (
        <Alert color="red" role="alert">
          {describeError(update.error, t)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDraft(translatorDraftOf(campaign.paramTranslator))}>
          {t('notification.translatorPage.reset')}
        </Button>
        <Button onClick={save} loading={update.isPending}>
          {t('notification.translatorPage.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/<channel>/campaign/param-translator`: how a campaign of this channel reads its files — column
 * renames, defaults, trimming, date/number/currency formats, phone normalisation — with a preview of a
 * sample row as an upload would read it. Saving is an edit of the campaign (it may wait for a checker).
 */
export function ParamTranslatorPage() {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaignId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useCampaigns(clientId, { page: 1, pageSize: 50, q, channel: area.channel ?? undefined });
  const campaign = useCampaign(clientId, campaignId);
  const options = (list.data?.items ?? []).map((item) => ({
    value: item.campaignId,
    label: `${item.code} · ${item.name}`,
  }));
  if (campaign.data && !options.some((option) => option.value === campaign.data.campaignId))
    options.unshift({
      value: campaign.data.campaignId,
      label: `${campaign.data.code} · ${campaign.data.name}`,
    });
  return (
    <>
      <PageHeader title={t('pages.paramTranslator')} description={t('notification.translatorPage.help')} />
      <Stack gap="lg">
        <Select
          label={t('notification.translatorPage.campaign')}
          placeholder={t('notification.translatorPage.pick')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={
            list.isPending ? t('notification.translatorPage.loading') : t('notification.translatorPage.none')
          }
          value={campaignId}
          data={options}
          maw={480}
          onChange={(value) => setParams(value ? { campaignId: value } : {})}
        />
        {list.error ? (
          <Alert color="red" role="alert">
            {describeError(list.error, t)}
          </Alert>
        ) : null}
        {!list.isPending && !list.error && options.length === 0 && !q ? (
          <Alert color="gray">{t('notification.translatorPage.none')}</Alert>
        ) : null}
        {campaignId ? (
          <QueryState
            data={campaign.data}
            loading={campaign.isPending}
            error={campaign.error}
            notFoundText={t('notification.campaign.notFound')}
            onRetry={() => void campaign.refetch()}
          >
            {(data) => <TranslatorOfCampaign key={`${data.campaignId}:${data.version}`} campaign={data} />}
          </QueryState>
        ) : null}
      </Stack>
    </>
  );
}
