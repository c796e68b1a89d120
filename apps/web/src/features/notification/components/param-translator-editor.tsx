import { ActionIcon, Button, Checkbox, Group, Radio, Select, Stack, Table, TextInput } from '@mantine/core';
import {
  DATE_FORMATS,
  type DateFormat,
  PARAM_KINDS,
  PARAM_LOCALES,
  type ParamKind,
  type ParamLocale,
  type ParamRule,
  type ParamTranslator,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * One column rule as the form edits it: the default as text (empty means none), the locale and date
 * format empty when the client's own apply.
 */
export type RuleDraft = {
  from: string;
  to: string;
  kind: ParamKind;
  required: boolean;
  default: string;
  trim: boolean;
  locale: ParamLocale | '';
  format: DateFormat | '';
};
export type TranslatorDraft = { recipient: string; rules: RuleDraft[] };

export const EMPTY_RULE: RuleDraft = {
  from: '',
  to: '',
  kind: 'text',
  required: false,
  default: '',
  trim: true,
  locale: '',
  format: '',
};

/** A stored translator as the editor edits it. */
export function translatorDraftOf(translator: ParamTranslator): TranslatorDraft {
  return {
    recipient: translator.recipient,
    rules: translator.rules.map((rule) => ({
      from: rule.from,
      to: rule.to,
      kind: rule.kind,
      required: rule.required,
      default: rule.default ?? '',
      trim: rule.trim,
      locale: rule.locale ?? '',
      format: rule.format ?? '',
    })),
  };
}

/** The translator a draft stands for (validated later with the contracts' schema). */
export function translatorOf(draft: TranslatorDraft): { recipient: string; rules: ParamRule[] } {
  const readsLocale = (kind: ParamKind) => kind === 'date' || kind === 'number' || kind === 'currency';
  return {
    recipient: draft.recipient,
    rules: draft.rules.map((rule) => ({
      from: rule.from,
      to: rule.to,
      kind: rule.kind,
      required: rule.required,
      trim: rule.trim,
      ...(rule.default !== '' ? { default: rule.default } : {}),
      ...(rule.locale !== '' && readsLocale(rule.kind) ? { locale: rule.locale } : {}),
      ...(rule.format !== '' && rule.kind === 'date' ? { format: rule.format } : {}),
    })),
  };
}

export type ParamTranslatorEditorProps = {
  value: TranslatorDraft;
  onChange: (value: TranslatorDraft) => void;
};

/**
 * The param translator (decision 0028): which file column fills which message parameter, how it is
 * read, and which parameter holds the recipient.
 */
export function ParamTranslatorEditor({ value, onChange }: ParamTranslatorEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<RuleDraft>) => {
    const rules = value.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule));
    const renamed = patch.to !== undefined && value.rules[index]?.to === value.recipient;
    onChange({ recipient: renamed ? (patch.to ?? value.recipient) : value.recipient, rules });
  };
  return (
    <Stack gap="xs">
      <Radio.Group
        value={value.recipient}
        onChange={(recipient) => onChange({ ...value, recipient })}
        label={t('notification.translator.recipient')}
        description={t('notification.translator.recipientHelp')}
      >
        <Table.ScrollContainer minWidth={960}>
          <Table aria-label={t('notification.translator.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notification.translator.from')}</Table.Th>
                <Table.Th>{t('notification.translator.to')}</Table.Th>
                <Table.Th>{t('notification.translator.kind')}</Table.Th>
                <Table.Th>{t('notification.translator.format')}</Table.Th>
                <Table.Th>{t('notification.translator.default')}</Table.Th>
                <Table.Th>{t('notification.translator.trim')}</Table.Th>
                <Table.Th>{t('notification.translator.required')}</Table.Th>
                <Table.Th>{t('notification.translator.isRecipient')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.rules.map((rule, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id and are edited in place
                <Table.Tr key={index}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('notification.translator.fromOf', { n: index + 1 })}
                      value={rule.from}
                      onChange={(event) => update(index, { from: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('notification.translator.toOf', { n: index + 1 })}
                      value={rule.to}
                      onChange={(event) => update(index, { to: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      w={120}
                      aria-label={t('notification.translator.kindOf', { n: index + 1 })}
                      value={rule.kind}
                      allowDeselect={false}
                      onChange={(kind) => kind && update(index, { kind: kind as ParamKind })}
                      data={PARAM_KINDS.map((kind) => ({
                        value: kind,
                        label: t(`notification.kinds.${kind}`),
                      }))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Select
                        size="xs"
                        w={110}
                        aria-label={t('notification.translator.localeOf', { n: index + 1 })}
                        placeholder={t('notification.translator.clientLocale')}
                        disabled={rule.kind !== 'date' && rule.kind !== 'number' && rule.kind !== 'currency'}
                        clearable
                        value={rule.locale || null}
                        onChange={(locale) => update(index, { locale: (locale as ParamLocale | null) ?? '' })}
                        data={PARAM_LOCALES.map((locale) => ({
                          value: locale,
                          label: t(`notification.translator.locales.${locale}`),
                        }))}
                      />
                      {rule.kind === 'date' ? (
                        <Select
                          size="xs"
                          w={130}
                          aria-label={t('notification.translator.formatOf', { n: index + 1 })}
                          placeholder={t('notification.translator.localeFormat')}
                          clearable
                          value={rule.format || null}
                          onChange={(format) =>
                            update(index, { format: (format as DateFormat | null) ?? '' })
                          }
                          data={[...DATE_FORMATS]}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('notification.translator.defaultOf', { n: index + 1 })}
                      value={rule.default}
                      onChange={(event) => update(index, { default: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('notification.translator.trimOf', { n: index + 1 })}
                      checked={rule.trim}
                      onChange={(event) => update(index, { trim: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('notification.translator.requiredOf', { n: index + 1 })}
                      checked={rule.required || rule.to === value.recipient}
                      disabled={rule.to === value.recipient}
                      onChange={(event) => update(index, { required: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      value={rule.to}
                      disabled={!rule.to}
                      aria-label={t('notification.translator.recipientOf', { n: index + 1 })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('notification.translator.remove', { n: index + 1 })}
                      disabled={value.rules.length === 1}
                      onClick={() => onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange({
              ...value,
              rules: [...value.rules, EMPTY_RULE],
            })
          }
        >
          {t('notification.translator.add')}
        </Button>
      </Group>
    </Stack>
  );
}
