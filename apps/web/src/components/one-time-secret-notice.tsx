import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type OneTimeSecretNoticeProps = {
  title: string;
  /** Who or what the secret is for, e.g. "admin@client.test". */
  description: ReactNode;
  secretLabel: string;
  secret: string;
  /** The line under the secret; by default the hand-over advice of temporary passwords. */
  note?: string;
};

/** A secret the server answers once (temporary passwords, API secrets): shown with a copy button. */
export function OneTimeSecretNotice({
  title,
  description,
  secretLabel,
  secret,
  note,
}: OneTimeSecretNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert color="teal" icon={<IconKey size={18} />} title={title} role="status">
      <Stack gap="xs">
        <Text size="sm">{description}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {secretLabel}
          </Text>
          <Code data-testid="one-time-secret" fz="md">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('oneTimeSecret.copied') : t('oneTimeSecret.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('oneTimeSecret.copy')}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          {note ?? t('oneTimeSecret.shownOnce')}
        </Text>
      </Stack>
    </Alert>
  );
}
