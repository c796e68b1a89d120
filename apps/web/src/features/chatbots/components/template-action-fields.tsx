import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type ApprovedTemplateChoice,
  ApprovedTemplateFields,
} from '../../../components/approved-template-fields';

export type TemplateChoice = ApprovedTemplateChoice;

/** A bot's "send template" action: an approved template with its values, and the window rule. */
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
  return (
    <Stack gap="xs">
      <ApprovedTemplateFields
        clientId={clientId}
        value={value}
        onChange={onChange}
        label={t('chatbots.template.label')}
        placeholder={t('chatbots.template.placeholder')}
        previewLabel={t('chatbots.template.preview')}
      />
      <Text size="xs" c="dimmed">
        {t('chatbots.template.windowHelp')}
      </Text>
    </Stack>
  );
}
