import { Box, Button, Group, Image, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { SandboxMessage } from '@sapa/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageTicks } from '../../../components/message-ticks';

const timeOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The chat as the customer sees it: their messages on the right, the business's replies with ticks on the left. */
export function ConversationView({
  messages,
  onTap,
}: {
  messages: SandboxMessage[];
  /** The customer taps a reply button of a business message. */
  onTap?: (message: SandboxMessage, button: { id: string; title: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);
  const textOf = new Map(messages.map((message) => [message.id, message.text]));

  return (
    <ScrollArea h={420} viewportRef={viewport} bg="var(--mantine-color-gray-1)" p="sm" aria-live="polite">
      {count === 0 ? (
        <Text size="sm" c="dimmed" ta="center" mt="xl">
          {t('sandboxPhone.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {messages.map((message) => {
            const mine = message.direction === 'in';
            const quoted = message.replyTo ? textOf.get(message.replyTo) : undefined;
            return (
              <Group key={message.id} justify={mine ? 'flex-end' : 'flex-start'}>
                <Paper
                  maw="80%"
                  px="sm"
                  py={6}
                  radius="md"
                  shadow="xs"
                  bg={mine ? 'var(--mantine-color-green-1)' : 'white'}
                  data-direction={message.direction}
                >
                  {quoted && (
                    <Box
                      mb={4}
                      px={6}
                      py={2}
                      style={{ borderLeft: '3px solid var(--mantine-color-green-6)' }}
                      bg="var(--mantine-color-gray-0)"
                    >
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {quoted}
                      </Text>
                    </Box>
                  )}
                  {message.mediaUrl ? (
                    <Image
                      src={message.mediaUrl}
                      alt={message.text ?? t('sandboxPhone.image')}
                      maw={240}
                      radius="sm"
                      mb={message.text ? 4 : 0}
                    />
                  ) : null}
                  {message.text || !message.mediaUrl ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {message.text ?? t('sandboxPhone.unsupported', { type: message.type })}
                    </Text>
                  ) : null}
                  {message.buttons?.length ? (
                    <Stack gap={4} mt={6} role="group" aria-label={t('sandboxPhone.replyButtons')}>
                      {message.buttons.map((button) => (
                        <Button
                          key={button.id}
                          size="xs"
                          variant="light"
                          fullWidth
                          onClick={() => onTap?.(message, button)}
                        >
                          {button.title}
                        </Button>
                      ))}
                    </Stack>
                  ) : null}
                  <Group gap={4} justify="flex-end">
                    <Text size="xs" c="dimmed">
                      {timeOf(message.sentAt, i18n.language)}
                    </Text>
                    {!mine && <MessageTicks status={message.status} errorTitle={message.errorTitle} />}
                  </Group>
                </Paper>
              </Group>
            );
          })}
        </Stack>
      )}
    </ScrollArea>
  );
}
