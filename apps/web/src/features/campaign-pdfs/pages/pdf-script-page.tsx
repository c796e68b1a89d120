import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type Campaign,
  PDF_LINK_PARAM,
  PDF_PAGE_SIZES,
  type PdfBlock,
  type PdfScript,
  pdfScriptIssues,
} from '@sapa/contracts';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { ApiError, describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useCampaignByCode } from '../api/find-campaign-by-code';
import { usePreviewPdfScript } from '../api/preview-pdf-script';
import { useUpdatePdfScript } from '../api/update-pdf-script';
import { BlockEditor } from '../components/block-editor';
import '../campaign-pdfs-i18n';

const BLOCK_KINDS: PdfBlock['kind'][] = ['heading', 'paragraph', 'keyValue', 'table', 'image', 'divider'];

function newBlock(kind: PdfBlock['kind']): PdfBlock {
  switch (kind) {
    case 'heading':
      return { kind, text: 'Statement', level: 1, align: 'left' };
    case 'paragraph':
      return { kind, text: '', align: 'left' };
    case 'keyValue':
      return { kind, rows: [{ label: 'Name', value: '{{name}}' }] };
    case 'table':
      return { kind, columns: ['Date', 'Amount'], rows: [] };
    case 'image':
      return { kind, data: '', width: 120, align: 'left' };
    case 'divider':
      return { kind };
  }
}

/** A campaign without a script starts from a small statement using its own first parameters. */
function starterScript(campaign: Campaign): PdfScript {
  const names = campaign.paramTranslator.rules.map((rule) => rule.to);
  const other = names.filter((name) => name !== campaign.paramTranslator.recipient);
  return {
    pageSize: 'A4',
    orientation: 'portrait',
    fileName: `${campaign.code.toLowerCase()}.pdf`,
    passwordParam: null,
    linkDays: 30,
    blocks: [
      { kind: 'heading', text: campaign.name, level: 1, align: 'left' },
      {
        kind: 'keyValue',
        rows: (other.length > 0 ? other : names)
          .slice(0, 6)
          .map((name) => ({ label: name, value: `{{${name}}}` })),
      },
    ],
  };
}

/** `/email/pdf-script/:campaignCode`: the campaign's per-recipient PDF, with a preview the server renders. */
export function PdfScriptPage() {
  const { t } = useTranslation();
  const { campaignCode = '' } = useParams();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const campaign = useCampaignByCode(clientId, campaignCode);
  return (
    <>
      <PageHeader
        title={t('campaignPdfs.editor.title', { code: campaignCode })}
        description={t('campaignPdfs.editor.description', {
          example: '{{name}}',
          interpolation: { escapeValue: false },
        })}
      />
      <QueryState
        data={campaign.data}
        loading={campaign.isPending}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        notFoundText={t('campaignPdfs.editor.notFound', { code: campaignCode })}
      >
        {(found) => <PdfScriptEditor key={found.campaignId} campaign={found} clientId={clientId} />}
      </QueryState>
    </>
  );
}

function PdfScriptEditor({ campaign, clientId }: { campaign: Campaign; clientId: string }) {
  const { t } = useTranslation();
  const [script, setScript] = useState<PdfScript>(() => campaign.pdfScript ?? starterScript(campaign));
  const [row, setRow] = useState<Record<string, string>>(() =>
    Object.fromEntries(campaign.paramTranslator.rules.map((rule) => [rule.from, rule.default ?? ''])),
  );
  const [serverProblems, setServerProblems] = useState<{ path: string; message: string }[]>([]);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const preview = usePreviewPdfScript(campaign.campaignId);
  const save = useUpdatePdfScript(clientId, campaign.campaignId);
  const parameters = campaign.paramTranslator.rules.map((rule) => rule.to);
  const issues = useMemo(() => pdfScriptIssues(script, parameters), [script, parameters]);
  const problems = [
    ...issues.map((issue) => ({ path: `pdfScript.${issue.path}`, message: issue.message })),
    ...serverProblems,
  ];
  const problemsAt = (prefix: string) =>
    problems
      .filter((problem) => problem.path === prefix || problem.path.startsWith(`${prefix}.`))
      .map((p) => p.message);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const update = (next: Partial<PdfScript>) => {
    setServerProblems([]);
    setScript((current) => ({ ...current, ...next }));
  };
  const setBlocks = (blocks: PdfBlock[]) => update({ blocks });
  const refused = (error: unknown, title: string) => {
    if (error instanceof ApiError && error.details.length > 0) setServerProblems([...error.details]);
    notifications.show({ color: 'red', title, message: describeError(error, t) });
  };

  const runPreview = () =>
    preview.mutate(
      { pdfScript: script, row },
      {
        onSuccess: (file) => setPreviewUrl(URL.createObjectURL(file.blob)),
        onError: (error) => refused(error, t('campaignPdfs.editor.previewFailed')),
      },
    );
  const runSave = () =>
    save.mutate(script, {
      onSuccess: (change) =>
        notifications.show({
          color: 'green',
          message:
            change.outcome === 'pending_approval'
              ? t('campaignPdfs.editor.savedPending')
              : t('campaignPdfs.editor.saved'),
        }),
      onError: (error) => refused(error, t('campaignPdfs.editor.saveFailed')),
    });

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600}>{campaign.name}</Text>
        <Badge variant="light">{campaign.channel}</Badge>
        <Badge variant="outline">
          {t(`campaignPdfs.campaignStatuses.${campaign.status}`, campaign.status)}
        </Badge>
        {campaign.pendingVersion !== null ? (
          <Badge color="yellow">{t('campaignPdfs.editor.editPending')}</Badge>
        ) : null}
      </Group>
      {campaign.channel === 'VOICE' ? <Alert color="yellow">{t('campaignPdfs.editor.voice')}</Alert> : null}
      <Text size="sm" c="dimmed">
        {t('campaignPdfs.editor.parameters')}{' '}
        {parameters.map((name) => (
          <Badge key={name} variant="dot" mr={4} tt="none">{`{{${name}}}`}</Badge>
        ))}
        {campaign.channel !== 'EMAIL'
          ? t('campaignPdfs.editor.linkHint', { param: `{{${PDF_LINK_PARAM}}}` })
          : null}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm">
          <Card withBorder padding="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Select
                label={t('campaignPdfs.editor.pageSize')}
                data={[...PDF_PAGE_SIZES]}
                value={script.pageSize}
                allowDeselect={false}
                onChange={(value) => value && update({ pageSize: value as PdfScript['pageSize'] })}
              />
              <Select
                label={t('campaignPdfs.editor.orientation')}
                data={[
                  { value: 'portrait', label: t('campaignPdfs.editor.portrait') },
                  { value: 'landscape', label: t('campaignPdfs.editor.landscape') },
                ]}
                value={script.orientation}
                allowDeselect={false}
                onChange={(value) => value && update({ orientation: value as PdfScript['orientation'] })}
              />
              <TextInput
                label={t('campaignPdfs.editor.fileName')}
                value={script.fileName}
                error={problemsAt('pdfScript.fileName')[0]}
                onChange={(event) => update({ fileName: event.currentTarget.value })}
              />
              <Select
                label={t('campaignPdfs.editor.password')}
                description={t('campaignPdfs.editor.passwordHelp')}
                data={parameters}
                value={script.passwordParam}
                clearable
                placeholder={t('campaignPdfs.editor.noPassword')}
                error={problemsAt('pdfScript.passwordParam')[0]}
                onChange={(value) => update({ passwordParam: value })}
              />
              <NumberInput
                label={t('campaignPdfs.editor.linkDays')}
                min={1}
                max={90}
                value={script.linkDays}
                onChange={(value) => update({ linkDays: Number(value) || 30 })}
              />
            </SimpleGrid>
          </Card>
          {script.blocks.map((block, index) => (
            <BlockEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity of their own; moving one re-mounts both.
              key={`${index}-${block.kind}`}
              block={block}
              index={index}
              count={script.blocks.length}
              problems={problemsAt(`pdfScript.blocks.${index}`)}
              onChange={(next) =>
                setBlocks(script.blocks.map((current, at) => (at === index ? next : current)))
              }
              onMove={(by) => {
                const blocks = [...script.blocks];
                const [moved] = blocks.splice(index, 1);
                blocks.splice(index + by, 0, moved!);
                setBlocks(blocks);
              }}
              onRemove={() => setBlocks(script.blocks.filter((_, at) => at !== index))}
            />
          ))}
          {script.blocks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('campaignPdfs.editor.noBlocks')}
            </Text>
          ) : null}
          <Group>
            <Menu>
              <Menu.Target>
                <Button variant="default" leftSection={<IconPlus size={16} />}>
                  {t('campaignPdfs.editor.addBlock')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {BLOCK_KINDS.map((kind) => (
                  <Menu.Item key={kind} onClick={() => setBlocks([...script.blocks, newBlock(kind)])}>
                    {t(`campaignPdfs.editor.kinds.${kind}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button
              onClick={runSave}
              loading={save.isPending}
              disabled={issues.length > 0 || script.blocks.length === 0}
            >
              {t('campaignPdfs.editor.save')}
            </Button>
          </Group>
        </Stack>
        <Stack gap="sm">
          <Card withBorder padding="sm">
            <Title order={2} size="h5" mb="xs">
              {t('campaignPdfs.editor.sampleRow')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {campaign.paramTranslator.rules.map((rule) => (
                <TextInput
                  key={rule.from}
                  label={rule.from}
                  description={`{{${rule.to}}}`}
                  value={row[rule.from] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setRow((current) => ({ ...current, [rule.from]: value }));
                  }}
                />
              ))}
            </SimpleGrid>
            {problemsAt('row').map((message) => (
              <Text key={message} size="xs" c="red" role="alert" mt="xs">
                {message}
              </Text>
            ))}
            <Button
              mt="sm"
              variant="light"
              leftSection={<IconEye size={16} />}
              loading={preview.isPending}
              disabled={issues.length > 0 || script.blocks.length === 0}
              onClick={runPreview}
            >
              {t('campaignPdfs.editor.preview')}
            </Button>
          </Card>
          {previewUrl ? (
            <iframe
              title={t('campaignPdfs.editor.previewTitle')}
              src={previewUrl}
              style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-4)' }}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('campaignPdfs.editor.previewEmpty')}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
