import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitch } from '../../../components/locale-switch';

/** The frame of the pages outside the login (forgot and reset password, SSO): as the login page looks. */
export function PublicCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={440} gap="lg">
        <Group gap="xs">
          <IconMessageCircle size={32} color="var(--mantine-color-blue-6)" aria-hidden />
          <Text fw={700} size="xl">
            {t('app.name')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="lg">
            <div>
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle ? (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
        <Group justify="space-between">
          <LocaleSwitch size="xs" />
          <Anchor href="#/" size="sm">
            {t('publicPages.backToLogin')}
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
