import { Alert, Anchor, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SANDBOX_DEMO_PHONE_NUMBER_ID } from '@sapa/contracts';
import { IconAlertCircle, IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LocaleSwitch } from '../../../components/locale-switch';
import { describeError } from '../../../lib/http';
import { useSandboxBusiness } from '../api/get-sandbox-business';
import { useSandboxConversation } from '../api/get-sandbox-conversation';
import { useSendSandboxMessage } from '../api/send-sandbox-message';
import { ComposeBox } from '../components/compose-box';
import { ConversationView } from '../components/conversation-view';
import { CustomerForm, type SandboxCustomer } from '../components/customer-form';

const CUSTOMER_STORAGE_KEY = 'sapa.sandboxPhone.customer';

function loadCustomer(): SandboxCustomer | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CUSTOMER_STORAGE_KEY) ?? 'null') as SandboxCustomer | null;
    return stored?.phone && stored.name ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The customer-phone simulator (outside the login): a person plays a customer of a client whose
 * WhatsApp number runs on the sandbox provider, writes to it, and watches the replies and their ticks.
 */
export function SandboxPhonePage() {
  const { t } = useTranslation();
  const phoneNumberId = useParams().phoneNumberId ?? SANDBOX_DEMO_PHONE_NUMBER_ID;
  const [customer, setCustomer] = useState<SandboxCustomer | null>(loadCustomer);
  const business = useSandboxBusiness(phoneNumberId);
  const conversation = useSandboxConversation(
    phoneNumberId,
    business.isSuccess ? (customer?.phone ?? null) : null,
  );
  const sendMessage = useSendSandboxMessage(phoneNumberId);

  const start = (next: SandboxCustomer) => {
    localStorage.setItem(CUSTOMER_STORAGE_KEY, JSON.stringify(next));
    setCustomer(next);
  };
  const switchCustomer = () => {
    localStorage.removeItem(CUSTOMER_STORAGE_KEY);
    setCustomer(null);
  };

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={460} gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <IconBrandWhatsapp size={28} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={1} size="h3">
              {t('sandboxPhone.title')}
            </Title>
            <Badge color="yellow" variant="light">
              {t('sandboxPhone.badge')}
            </Badge>
          </Group>
          <LocaleSwitch size="xs" />
        </Group>
        <Text size="sm" c="dimmed">
          {t('sandboxPhone.intro')}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="md">
          {business.isPending && (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('sandboxPhone.loading')}</Text>
            </Group>
          )}
          {business.isError && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t('sandboxPhone.unavailable')}
            >
              {describeError(business.error, t)}
            </Alert>
          )}
          {business.isSuccess && !customer && <CustomerForm onStart={start} />}
          {business.isSuccess && customer && (
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Text fw={600}>
                    {t('sandboxPhone.chattingWith', { number: business.data.displayPhoneNumber })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('sandboxPhone.youAre', { name: customer.name, phone: `+${customer.phone}` })}
                  </Text>
                </div>
                <Anchor component="button" size="xs" onClick={switchCustomer}>
                  {t('sandboxPhone.switchCustomer')}
                </Anchor>
              </Group>
              {conversation.isPending && (
                <Group gap="sm" role="status">
                  <Loader size="sm" />
                  <Text size="sm">{t('sandboxPhone.loading')}</Text>
                </Group>
              )}
              {conversation.isError && (
                <Alert role="alert" color="red" variant="light" title={t('sandboxPhone.conversationError')}>
                  {describeError(conversation.error, t)}
                </Alert>
              )}
              {conversation.isSuccess && (
                <ConversationView
                  messages={conversation.data.messages}
                  onTap={(message, button) =>
                    sendMessage.mutate({
                      from: customer.phone,
                      name: customer.name,
                      text: button.title,
                      replyTo: message.id,
                      buttonId: button.id,
                    })
                  }
                />
              )}
              {sendMessage.isError && (
                <Alert role="alert" color="red" variant="light" title={t('sandboxPhone.sendFailed')}>
                  {describeError(sendMessage.error, t)}
                </Alert>
              )}
              <ComposeBox
                sending={sendMessage.isPending}
                onSend={(text) =>
                  sendMessage.mutateAsync({ from: customer.phone, name: customer.name, text })
                }
              />
            </Stack>
          )}
        </Paper>
      </Stack>
    </Center>
  );
}

export default SandboxPhonePage;
