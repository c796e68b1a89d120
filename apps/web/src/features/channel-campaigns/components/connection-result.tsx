import { Alert, List, ThemeIcon } from '@mantine/core';
import type { ConnectionCheckResult } from '@sapa/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../channel-providers-i18n';

/** What "test connection" found, step by step, in the server's plain words (DNS, TCP, TLS, sign-in). */
export function ConnectionResult({ result }: { result: ConnectionCheckResult }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={result.ok ? 'teal' : 'red'}
      title={result.ok ? t('channelProviders.test.ok') : t('channelProviders.test.failed')}
      role="status"
    >
      <List spacing={4} size="sm" center>
        {result.steps.map((step, index) => (
          <List.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are answered in order and never reordered
            key={index}
            icon={
              <ThemeIcon color={step.ok ? 'teal' : 'red'} size={18} radius="xl">
                {step.ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <strong>{step.step}</strong>: {step.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
