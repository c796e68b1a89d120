import './whatsapp-message-i18n';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { botsOperations, fillVariables, variableCount, type WhatsappTemplate } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callOperation } from '../lib/http';
import { WhatsappBubble } from './whatsapp-bubble';

/** A chosen approved template: by name and language, with one value per body variable. */
export type ApprovedTemplateChoice = { name: string; language: string; parameters: string[] };

const keyOf = (template: Pick<WhatsappTemplate, 'name' | 'language'>) =>
  `${template.name}|${template.language}`;

/** The client's APPROVED WhatsApp templates, the only messages allowed outside the 24-hour window. */
function useApprovedTemplates(clientId: string) {
  return useQuery({
    queryKey: ['approved-whatsapp-templates', clientId],
    queryFn: ({ signal }) => callOperation(botsOperations.listBotTemplates, { signal }),
    staleTime: 60_000,
  });
}

/** The body's values as the customer will read them: a `{{key}}` of their data is shown as «key». */
function shownValues(parameters: readonly string[]) {
  return parameters.map((value) =>
    value.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*\}\}/g, (_whole, key: string) => `«${key}»`),
  );
}

export type ApprovedTemplateFieldsProps = {
  clientId: string;
  value: ApprovedTemplateChoice | null;
  onChange: (value: ApprovedTemplateChoice | null) => void;
  label: string;
  placeholder: string;
  /** The picker's help once the templates are loaded. */
  description?: string;
  /** The bubble's accessible name. */
  previewLabel: string;
  /** May the choice be emptied (an optional template)? */
  clearable?: boolean;
  error?: string | undefined;
};

/**
 * Picks one of the client's approved templates (bots, auto-replies): a searchable list by name and
 * language, one input per body variable (`{{key}}` takes the customer's data), and the bubble the
 * customer will see.
 */
export function ApprovedTemplateFields({
  clientId,
  value,
  onChange,
  label,
  placeholder,
  description,
  previewLabel,
  clearable = false,
  error,
}: ApprovedTemplateFieldsProps) {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(clientId);
  const items = templates.data?.items ?? [];
  // One entry per name and language (the same template on two numbers is one choice).
  const unique = [...new Map(items.map((item) => [keyOf(item), item])).values()];
  const chosen = value ? (unique.find((item) => keyOf(item) === keyOf(value)) ?? null) : null;
  const count = chosen ? variableCount(chosen.draft.body.text) : 0;
  const parameters = Array.from({ length: count }, (_, index) => value?.parameters[index] ?? '');
  const state = templates.isError
    ? t('whatsappMessage.failed')
    : templates.isPending
      ? t('whatsappMessage.loading')
      : unique.length === 0
        ? t('whatsappMessage.none')
        : description;
  return (
    <Stack gap="xs">
      <Select
        label={label}
        description={state}
        placeholder={placeholder}
        data={unique.map((item) => ({ value: keyOf(item), label: `${item.name} (${item.language})` }))}
        value={value ? keyOf(value) : null}
        clearable={clearable}
        searchable
        disabled={templates.isPending || templates.isError}
        error={error}
        onChange={(key) => {
          const picked = unique.find((item) => keyOf(item) === key);
          onChange(
            picked
              ? {
                  name: picked.name,
                  language: picked.language,
                  parameters: Array.from({ length: variableCount(picked.draft.body.text) }, () => ''),
                }
              : null,
          );
        }}
        w={360}
      />
      {value && !chosen && templates.isSuccess ? (
        <Text size="sm" c="red" role="alert">
          {t('whatsappMessage.notApproved', { name: value.name })}
        </Text>
      ) : null}
      {chosen && count > 0 ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('whatsappMessage.parametersHelp', { example: '{{name}}' })}
          </Text>
          {parameters.map((parameter, index) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: a variable's place is its identity ({{1}}, {{2}} …)
              key={index}
              label={t('whatsappMessage.parameter', { variable: `{{${index + 1}}}` })}
              placeholder={chosen.draft.body.examples[index] ?? ''}
              value={parameter}
              maxLength={1024}
              onChange={(event) => {
                const next = [...parameters];
                next[index] = event.currentTarget.value;
                onChange({ name: chosen.name, language: chosen.language, parameters: next });
              }}
              w={360}
            />
          ))}
        </Stack>
      ) : null}
      {chosen ? (
        <WhatsappBubble
          label={previewLabel}
          header={chosen.draft.header}
          body={fillVariables(chosen.draft.body.text, shownValues(parameters))}
          footer={chosen.draft.footer}
          buttons={chosen.draft.buttons}
        />
      ) : null}
    </Stack>
  );
}
