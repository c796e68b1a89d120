import '../automation-i18n';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AUTO_REPLY_MAX_PERIOD_MINUTES,
  AUTO_REPLY_TRIGGERS,
  type AutoReplyRule,
  type AutoReplySave,
  type AutoReplyTrigger,
} from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovedTemplateFields } from '../../../components/approved-template-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import { useAutoReplies, useSaveAutoReply } from '../api/cs-automation-api';

type TemplateChoice = NonNullable<AutoReplyRule['template']>;

type RuleFormProps = {
  clientId: string;
  initial: AutoReplyRule | null;
  /** Triggers that already have their (single) rule. */
  usedTriggers: Set<AutoReplyTrigger>;
  saving: boolean;
  formError: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (body: AutoReplySave) => void;
  onCancel: () => void;
};

function RuleForm({
  clientId,
  initial,
  usedTriggers,
  saving,
  formError,
  fieldErrors,
  onSubmit,
  onCancel,
}: RuleFormProps) {
  const { t } = useTranslation();
  const [trigger, setTrigger] = useState<AutoReplyTrigger>(
    initial?.trigger ?? AUTO_REPLY_TRIGGERS.find((tr) => tr === 'keyword' || !usedTriggers.has(tr))!,
  );
  const [keywords, setKeywords] = useState<string[]>(initial?.keywords ?? []);
  const [reply, setReply] = useState(initial?.reply ?? '');
  const [period, setPeriod] = useState<number | string>(initial?.periodMinutes ?? 1440);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [template, setTemplate] = useState<TemplateChoice | null>(initial?.template ?? null);
  const [tried, setTried] = useState(false);
  const problems = {
    keywords:
      trigger === 'keyword' && keywords.length === 0 ? t('automation.autoReply.keywords.required') : null,
    reply: !reply.trim()
      ? t('automation.autoReply.reply.required')
      : reply.length > 4096
        ? t('automation.autoReply.reply.tooLong')
        : null,
    template: template?.parameters.some((value) => !value.trim())
      ? t('automation.autoReply.template.valuesRequired')
      : null,
    period:
      typeof period !== 'number' ||
      !Number.isInteger(period) ||
      period < 1 ||
      period > AUTO_REPLY_MAX_PERIOD_MINUTES
        ? t('automation.autoReply.period.invalid')
        : null,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (problems.keywords || problems.reply || problems.period || problems.template) return;
    onSubmit({
      ...(initial ? { id: initial.id } : {}),
      trigger,
      keywords: trigger === 'keyword' ? keywords : [],
      reply: reply.trim(),
      periodMinutes: period as number,
      enabled,
      template: template
        ? { ...template, parameters: template.parameters.map((value) => value.trim()) }
        : null,
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? t('automation.autoReply.edit') : t('automation.autoReply.add')}
    >
      <Stack gap="md">
        <Select
          label={t('automation.autoReply.triggers.label')}
          data={AUTO_REPLY_TRIGGERS.map((value) => ({
            value,
            label: t(`automation.autoReply.triggers.${value}`),
            disabled: value !== 'keyword' && value !== initial?.trigger && usedTriggers.has(value),
          }))}
          value={trigger}
          onChange={(value) => value && setTrigger(value as AutoReplyTrigger)}
          allowDeselect={false}
          error={fieldErrors.trigger}
        />
        {trigger === 'keyword' ? (
          <TagsInput
            label={t('automation.autoReply.keywords.label')}
            description={t('automation.autoReply.keywords.help')}
            value={keywords}
            onChange={setKeywords}
            maxTags={50}
            error={(tried && problems.keywords) || fieldErrors.keywords}
          />
        ) : null}
        <Textarea
          label={t('automation.autoReply.reply.label')}
          value={reply}
          onChange={(event) => setReply(event.currentTarget.value)}
          autosize
          minRows={3}
          error={(tried && problems.reply) || fieldErrors.reply}
          required
        />
        <NumberInput
          label={t('automation.autoReply.period.label')}
          description={t('automation.autoReply.period.help')}
          value={period}
          onChange={setPeriod}
          min={1}
          max={AUTO_REPLY_MAX_PERIOD_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          error={(tried && problems.period) || fieldErrors.periodMinutes}
        />
        <ApprovedTemplateFields
          clientId={clientId}
          value={template}
          onChange={setTemplate}
          clearable
          label={t('automation.autoReply.template.label')}
          description={t('automation.autoReply.template.help')}
          placeholder={t('automation.autoReply.template.placeholder')}
          previewLabel={t('automation.autoReply.template.preview')}
          error={(tried && problems.template) || fieldErrors.template}
        />
        <Switch
          label={t('automation.autoReply.enabled.label')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('automation.autoReply.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('automation.autoReply.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/config/AutoReply` and `/whatsapp/auto-reply`: the rules the inbox answers with by itself. */
export function AutoReplyPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const rules = useAutoReplies(clientId);
  const save = useSaveAutoReply(clientId);
  const problems = useServerFieldErrors({ auto_reply_exists: 'trigger' });
  const [editing, setEditing] = useState<AutoReplyRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutoReplyRule | null>(null);
  const usedTriggers = new Set((rules.data?.items ?? []).map((rule) => rule.trigger));

  const columns: DataTableColumn<AutoReplyRule>[] = [
    {
      key: 'trigger',
      header: t('automation.autoReply.columns.trigger'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{t(`automation.autoReply.triggers.${row.trigger}`)}</Text>
          {row.keywords.length ? (
            <Group gap={4}>
              {row.keywords.map((keyword) => (
                <Badge key={keyword} size="xs" variant="outline">
                  {keyword}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'reply',
      header: t('automation.autoReply.columns.reply'),
      render: (row) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {row.reply}
        </Text>
      ),
    },
    {
      key: 'period',
      header: t('automation.autoReply.columns.period'),
      render: (row) => t('automation.autoReply.minutes', { count: row.periodMinutes }),
    },
    {
      key: 'status',
      header: t('automation.autoReply.columns.status'),
      render: (row) => (
        <Badge color={row.enabled ? 'teal' : 'gray'} variant="light">
          {row.enabled ? t('automation.autoReply.on') : t('automation.autoReply.off')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('automation.autoReply.columns.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              problems.clear();
              setEditing(row);
            }}
          >
            {t('automation.autoReply.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(row)}>
            {t('automation.autoReply.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.autoReply')}
        description={t('automation.autoReply.description')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              problems.clear();
              setEditing('new');
            }}
          >
            {t('automation.autoReply.add')}
          </Button>
        }
      />
      <DataTable
        label={t('pages.autoReply')}
        columns={columns}
        rows={rules.data?.items}
        rowKey={(row) => row.id}
        loading={rules.isLoading}
        refreshing={rules.isFetching && !rules.isLoading}
        error={rules.error}
        onRetry={() => void rules.refetch()}
        emptyText={t('automation.autoReply.empty')}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('automation.autoReply.add') : t('automation.autoReply.edit')}
        size="lg"
      >
        {editing !== null ? (
          <RuleForm
            clientId={clientId}
            initial={editing === 'new' ? null : editing}
            usedTriggers={usedTriggers}
            saving={save.isPending}
            formError={problems.formError}
            fieldErrors={problems.fieldErrors}
            onCancel={() => setEditing(null)}
            onSubmit={(body) => {
              problems.clear();
              save.mutate(body, {
                onSuccess: () => {
                  setEditing(null);
                  notifications.show({ color: 'green', message: t('automation.autoReply.saved') });
                },
                onError: (error) => problems.show(error),
              });
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('automation.autoReply.deleteTitle')}
        message={t('automation.autoReply.deleteMessage')}
        loading={save.isPending}
        color="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          save.mutate(
            { id: deleting.id, remove: true },
            {
              onSuccess: () => {
                setDeleting(null);
                notifications.show({ color: 'green', message: t('automation.autoReply.deleted') });
              },
              onError: (error) => {
                setDeleting(null);
                notifications.show({ color: 'red', message: error.message });
              },
            },
          )
        }
      />
    </>
  );
}
