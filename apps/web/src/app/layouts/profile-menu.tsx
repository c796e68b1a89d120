import { Avatar, Badge, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { ROLE_NAMES } from '@sapa/contracts/access';
import { IconCheck, IconChevronDown, IconLanguage, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useLogout } from '../../features/auth/api/logout';
import { changeLocale, LOCALES } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Who is signed in, for which client; edit profile and log out (with the shared confirmation). */
export function ProfileMenu() {
  const { t, i18n } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const logoutMutation = useLogout();
  const [confirming, setConfirming] = useState(false);
  if (!session) return null;
  const roleName = t(`roles.${session.role}`, {
    defaultValue: ROLE_NAMES[session.role as keyof typeof ROLE_NAMES] ?? session.role,
  });

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('profile.menu')} data-testid="profile-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar radius="xl" size={34} color="blue">
                {initialsOf(session.name)}
              </Avatar>
              <Stack gap={0} align="flex-start" visibleFrom="md" data-testid="session-user">
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm" data-testid="user-name" lineClamp={1}>
                    {session.name}
                  </Text>
                  <Badge size="xs" variant="light" tt="none" title={t('frame.role')} data-testid="user-role">
                    {session.role} · {roleName}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" data-testid="client-name" lineClamp={1}>
                  {t('frame.client')}: {session.clientInfo.clientName}
                </Text>
              </Stack>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-testid="profile-menu-dropdown">
          {/* On a phone the header shows only the avatar: who and which client are said here. */}
          <Box hiddenFrom="md" px="sm" pt="xs" data-testid="profile-menu-identity">
            <Text fw={600} size="sm" lineClamp={1}>
              {session.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {session.role} · {roleName} — {session.clientInfo.clientName}
            </Text>
          </Box>
          <Menu.Label>{session.email}</Menu.Label>
          <Menu.Item component={Link} to="/settings/editProfile" leftSection={<IconUserEdit size={16} />}>
            {t('profile.editProfile')}
          </Menu.Item>
          {/* The header's language switch is hidden below `sm`; the same choice lives here. */}
          <Box hiddenFrom="sm" data-testid="profile-menu-language">
            <Menu.Divider />
            <Menu.Label>{t('locale.label')}</Menu.Label>
            {LOCALES.map((locale) => (
              <Menu.Item
                key={locale}
                leftSection={<IconLanguage size={16} />}
                rightSection={i18n.resolvedLanguage === locale ? <IconCheck size={14} /> : null}
                aria-current={i18n.resolvedLanguage === locale ? 'true' : undefined}
                onClick={() => void changeLocale(locale)}
              >
                {t(`locale.${locale}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </Box>
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => setConfirming(true)}>
            {t('frame.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title={t('profile.logoutConfirmTitle')}
        message={t('profile.logoutConfirm')}
        loading={logoutMutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => logoutMutation.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
