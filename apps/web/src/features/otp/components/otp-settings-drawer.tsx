import { Button, Drawer, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpSettingsForm } from './otp-settings-form';
import { PrefixBlocksTable } from './prefix-blocks-table';

/**
 * The OTP settings and the fraud guard's blocks, opened from the dashboard. Only the client's admins
 * see the button (the server refuses everyone else as well).
 */
export function OtpSettingsDrawer({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<string | null>('settings');
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('otp.settings.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('otp.settings.title')}
        position="right"
        size="lg"
      >
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="settings">{t('otp.settings.tab')}</Tabs.Tab>
            <Tabs.Tab value="blocks">{t('otp.blocks.title')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="settings">{opened ? <OtpSettingsForm clientId={clientId} /> : null}</Tabs.Panel>
          <Tabs.Panel value="blocks">{opened ? <PrefixBlocksTable clientId={clientId} /> : null}</Tabs.Panel>
        </Tabs>
      </Drawer>
    </>
  );
}
