import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_VERSION } from '@sapa/contracts';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitch } from '../../../components/locale-switch';
import { LoginForm, type LoginFormProps } from '../components/login-form';

export type LoginPageProps = LoginFormProps;

export function LoginPage({ onSignInStart }: LoginPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <IconMessageCircle size={32} color="var(--mantine-color-blue-6)" aria-hidden />
            <div>
              <Title order={1} size="h2">
                {t('app.name')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('app.tagline')}
              </Text>
            </div>
          </Group>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="lg">
            <div>
              <Title order={2} size="h3">
                {t('login.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('login.subtitle')}
              </Text>
            </div>
            <LoginForm onSignInStart={onSignInStart} />
          </Stack>
        </Paper>
        <Group justify="space-between">
          <LocaleSwitch size="xs" />
          <Text size="xs" c="dimmed" data-testid="product-version">
            {t('app.version', { version: PRODUCT_VERSION })}
          </Text>
        </Group>
      </Stack>
    </Center>
  );
}

export default LoginPage;
