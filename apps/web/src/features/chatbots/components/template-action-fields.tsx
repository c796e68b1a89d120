import { Alert, Box, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { fillVariables, variableCount, type WhatsappTemplate } from '@sapa/contracts';
import { IconArrowBackUp, IconExternalLink, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBotTemplates } from '../api/chatbots-api';

export type TemplateChoice = { name: string; language: string; parameters: string[] };

const keyOf = (template: Pick<WhatsappTemplate, 'name' | 'language'>) =>
  `${template.name}|${template.language}`;

/** The body's values as the customer will read them: a `{{key}}` of their data is shown as «key». */
function shownValues(parameters: readonly string[]) {
  return parameters.map((value) =>
    value.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*\}\}/g, (_whole, key: string) => `«${key}»`),
  );
}

/** How WhatsApp shows the template: header, body with its values, footer, buttons. */
export function TemplateBubble({
  template,
  parameters,
}: {
  template: WhatsappTemplate;
  parameters: string[];
}) {
  const { t } = useTranslation();
  const { header, body, footer, buttons } = template.draft;
  return (
    <Box
      aria-label={t('chatbots.template.preview')}
      role="figure"
      p="sm"
      style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8, maxWidth: 360 }}
    >
      <Paper shadow="xs" p="xs" radius="md" style={{ background: 'var(--mantine-color-green-0)' }}>
        <Stack gap={4}>
          {header?.format === 'TEXT' ? (
            <Text fw={700} size="sm">
              {fillVariables(header.text, header.example ? [header.example] : [])}
            </Text>
          ) : header ? (
            <Text size="xs" c="dimmed">
              [{header.format.toLowerCase()}]
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {fillVariables(body.text, shownValues(parameters))}
          </Text>
          {footer ? (
            <Text size="xs" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {buttons.map((button) => (
        <Paper key={`${button.type}-${button.text}`} mt={4} p={6} radius="md" ta="center">
          <Group gap={4} justify="center">
            {button.type === 'URL' ? (
              <IconExternalLink size={14} />
            ) : button.type === 'PHONE_NUMBER' ? (
              <IconPhone size={14} />
            ) : (
              <IconArrowBackUp size={14} />
            )}
            <Text size="sm" c="blue">
              {button.text}
            </Text>
          </Group>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * A template action's fields: which approved template (a picker of the client's APPROVED ones), one
 * input per body variable ({{key}} takes the customer's data), and the bubble the customer will see.
 */
export function TemplateActionFields({
  clientId,
  value,
  onChange,
}: {
  clientId: string;
  value: TemplateChoice | null;
  onChange: (value: TemplateChoice | null) => void;
}) {
  const { t } = useTranslation();
  const templates = useBotTemplates(clientId);
  if (templates.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('chatbots.template.loading')}</Text>
      </Group>
    );
  if (templates.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('chatbots.template.failed')}
      </Alert>
    );
  const items = templates.data.items;
  if (items.length === 0)
    return (
      <Alert color="yellow" variant="light">
        {t('chatbots.template.none')}
      </Alert>
    );
  // One entry per name and language (the same template on two numbers is one choice).
  const unique = [...new Map(items.map((item) => [keyOf(item), item])).values()];
  const chosen = value ? (unique.find((item) => keyOf(item) === keyOf(value)) ?? null) : null;
  const count = chosen ? variableCount(chosen.draft.body.text) : 0;
  const parameters = Array.from({ length: count }, (_, index) => value?.parameters[index] ?? '');
  return (
    <Stack gap="xs">
      <Select
        label={t('chatbots.template.label')}
        placeholder={t('chatbots.template.placeholder')}
        data={unique.map((item) => ({
          value: keyOf(item),
          label: `${item.name} (${item.language})`,
        }))}
        value={chosen ? keyOf(chosen) : null}
        searchable
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
      {value && !chosen ? (
        <Text size="sm" c="red" role="alert">
          {t('chatbots.template.notApproved', { name: value.name })}
        </Text>
      ) : null}
      {chosen && count > 0 ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('chatbots.template.parametersHelp', { example: '{{name}}' })}
          </Text>
          {parameters.map((parameter, index) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: a variable's place is its identity ({{1}}, {{2}} …)
              key={index}
              label={t('chatbots.template.parameter', { variable: `{{${index + 1}}}` })}
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
      {chosen ? <TemplateBubble template={chosen} parameters={parameters} /> : null}
      <Text size="xs" c="dimmed">
        {t('chatbots.template.windowHelp')}
      </Text>
    </Stack>
  );
}
