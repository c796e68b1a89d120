import { ActionIcon, Alert, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../channel-campaigns-i18n';

export type WhatsappTemplateDraft = { name: string; language: string; parameters: string[] };

/** Meta allows up to 100 body parameters; a self-service template rarely has more than a few. */
const MAX_PARAMETERS = 100;

export type WhatsappTemplateFieldsProps = {
  value: WhatsappTemplateDraft;
  onChange: (value: WhatsappTemplateDraft) => void;
  errors: Record<string, string>;
};

/**
 * The WhatsApp part of a self-service send: the 24-hour rule said plainly, the approved template's name,
 * language and parameters, and the message bubble as the recipient's phone will show it.
 */
export function WhatsappTemplateFields({ value, onChange, errors }: WhatsappTemplateFieldsProps) {
  const { t } = useTranslation();
  const setParameter = (index: number, text: string) =>
    onChange({ ...value, parameters: value.parameters.map((old, at) => (at === index ? text : old)) });
  return (
    <Stack gap="sm">
      <Alert
        color="teal"
        icon={<IconBrandWhatsapp size={18} />}
        title={t('channelCampaigns.whatsapp.ruleTitle')}
      >
        {t('channelCampaigns.whatsapp.rule')}
      </Alert>
      <Group grow align="flex-start">
        <TextInput
          label={t('channelCampaigns.whatsapp.templateName')}
          description={t('channelCampaigns.whatsapp.templateNameHelp')}
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
          error={errors['template.name']}
          required
        />
        <TextInput
          label={t('channelCampaigns.whatsapp.language')}
          description={t('channelCampaigns.whatsapp.languageHelp')}
          value={value.language}
          onChange={(event) => onChange({ ...value, language: event.currentTarget.value })}
          error={errors['template.language']}
          required
          maw={200}
        />
      </Group>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('channelCampaigns.whatsapp.parameters')}
        </Text>
        {value.parameters.map((parameter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter is its position ({{1}}, {{2}}, …).
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              label={`{{${index + 1}}}`}
              aria-label={t('channelCampaigns.whatsapp.parameter', { number: index + 1 })}
              value={parameter}
              onChange={(event) => setParameter(index, event.currentTarget.value)}
              error={errors[`template.parameters.${index}`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={24}
              aria-label={t('channelCampaigns.whatsapp.removeParameter', { number: index + 1 })}
              onClick={() =>
                onChange({ ...value, parameters: value.parameters.filter((_, at) => at !== index) })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={value.parameters.length >= MAX_PARAMETERS}
            onClick={() => onChange({ ...value, parameters: [...value.parameters, ''] })}
          >
            {t('channelCampaigns.whatsapp.addParameter')}
          </Button>
        </Group>
      </Stack>
      <TemplateBubble value={value} />
    </Stack>
  );
}

/** The message as it lands: the template named, its parameters filled in order. */
function TemplateBubble({ value }: { value: WhatsappTemplateDraft }) {
  const { t } = useTranslation();
  return (
    <Box
      p="sm"
      bg="var(--mantine-color-teal-0)"
      style={{ borderRadius: 8 }}
      aria-label={t('channelCampaigns.whatsapp.preview')}
      role="figure"
    >
      <Text size="xs" c="dimmed" mb={4}>
        {t('channelCampaigns.whatsapp.preview')}
      </Text>
      <Paper shadow="xs" p="xs" maw={320} radius="md" style={{ borderTopLeftRadius: 0 }}>
        <Text size="sm" fw={600}>
          {value.name || t('channelCampaigns.whatsapp.noTemplate')}
          {value.language ? (
            <Text span size="xs" c="dimmed">
              {' '}
              · {value.language}
            </Text>
          ) : null}
        </Text>
        {value.parameters.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('channelCampaigns.whatsapp.noParameters')}
          </Text>
        ) : (
          value.parameters.map((parameter, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a parameter is its position.
            <Text key={index} size="sm">
              {`{{${index + 1}}} → ${parameter || '…'}`}
            </Text>
          ))
        )}
      </Paper>
    </Box>
  );
}
