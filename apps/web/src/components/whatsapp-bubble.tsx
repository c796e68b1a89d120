import './whatsapp-message-i18n';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { fillVariables, type TemplateButton, type TemplateHeader } from '@sapa/contracts';
import {
  IconArrowBackUp,
  IconCopy,
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STYLES: { mark: string; render: (text: ReactNode, key: string) => ReactNode }[] = [
  { mark: '*', render: (text, key) => <strong key={key}>{text}</strong> },
  { mark: '_', render: (text, key) => <em key={key}>{text}</em> },
  { mark: '~', render: (text, key) => <s key={key}>{text}</s> },
];

/** WhatsApp's own formatting (*bold*, _italic_, ~strike~) as elements; nothing else is markup. */
export function formatWhatsappText(text: string, keyPrefix = 'f'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest.length > 0) {
    let earliest: { at: number; end: number; style: (typeof STYLES)[number] } | null = null;
    for (const style of STYLES) {
      const at = rest.indexOf(style.mark);
      if (at < 0) continue;
      const end = rest.indexOf(style.mark, at + 1);
      // A marked span is one line, not empty, and not starting or ending with a space (as WhatsApp does).
      if (end <= at + 1 || rest.slice(at + 1, end).includes('\n')) continue;
      const inner = rest.slice(at + 1, end);
      if (inner.trim() !== inner) continue;
      if (!earliest || at < earliest.at) earliest = { at, end, style };
    }
    if (!earliest) {
      nodes.push(rest);
      break;
    }
    if (earliest.at > 0) nodes.push(rest.slice(0, earliest.at));
    const key = `${keyPrefix}${index++}`;
    nodes.push(
      earliest.style.render(formatWhatsappText(rest.slice(earliest.at + 1, earliest.end), `${key}-`), key),
    );
    rest = rest.slice(earliest.end + 1);
  }
  return nodes;
}

const BUTTON_ICONS = {
  QUICK_REPLY: IconArrowBackUp,
  URL: IconExternalLink,
  PHONE_NUMBER: IconPhone,
  OTP: IconCopy,
} as const;
const MEDIA_ICONS = { IMAGE: IconPhoto, VIDEO: IconVideo, DOCUMENT: IconFileText } as const;

export type WhatsappBubbleProps = {
  /** The figure's accessible name (what the screen calls its preview). */
  label: string;
  header: TemplateHeader | null;
  /** The body as the customer reads it: variables already filled. */
  body: string;
  /** Drawn after the body in the same paragraph (e.g. an authentication template's security line). */
  bodySuffix?: string | null;
  footer: string | null;
  buttons: readonly TemplateButton[];
  /** Shown instead of an empty bubble. */
  emptyText?: string;
};

/**
 * A WhatsApp message bubble as the customer sees it: header (text or media), body with WhatsApp's
 * formatting, footer, and the buttons under the bubble. Every template preview draws this one.
 */
export function WhatsappBubble({
  label,
  header,
  body,
  bodySuffix,
  footer,
  buttons,
  emptyText,
}: WhatsappBubbleProps) {
  const { t } = useTranslation();
  const empty = body.trim() === '' && !header && !footer && buttons.length === 0;
  const MediaIcon = header && header.format !== 'TEXT' ? MEDIA_ICONS[header.format] : null;
  return (
    <Box
      role="figure"
      aria-label={label}
      data-testid="template-preview"
      p="md"
      style={{ background: '#efeae2', borderRadius: 8, minHeight: emptyText ? 160 : undefined }}
    >
      {empty && emptyText ? (
        <Text size="sm" c="dimmed" ta="center" mt="xl">
          {emptyText}
        </Text>
      ) : (
        <Stack gap={4} maw={320}>
          <Paper p="xs" radius="md" shadow="xs" bg="white" data-testid="preview-bubble">
            <Stack gap={6}>
              {header?.format === 'TEXT' ? (
                <Text fw={700} size="sm" data-testid="preview-header">
                  {fillVariables(header.text, header.example ? [header.example] : [])}
                </Text>
              ) : null}
              {MediaIcon && header && header.format !== 'TEXT' ? (
                <Group
                  justify="center"
                  h={120}
                  bg="gray.1"
                  style={{ borderRadius: 6 }}
                  data-testid="preview-header"
                  aria-label={t('whatsappMessage.media', { format: header.format.toLowerCase() })}
                >
                  <MediaIcon size={36} stroke={1.5} color="gray" />
                </Group>
              ) : null}
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="preview-body"
              >
                {formatWhatsappText(body)}
                {bodySuffix ? ` ${bodySuffix}` : null}
              </Text>
              {footer ? (
                <Text size="xs" c="dimmed" data-testid="preview-footer">
                  {footer}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" ta="right" aria-hidden>
                12:00
              </Text>
            </Stack>
          </Paper>
          {buttons.map((button, index) => {
            const Icon = BUTTON_ICONS[button.type];
            return (
              <Paper
                // Buttons have no id of their own; their place is what identifies them.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is the template's, in its order
                key={index}
                p={6}
                radius="md"
                bg="white"
                shadow="xs"
                data-testid="preview-button"
              >
                <Group gap={6} justify="center" c="blue.7">
                  <Icon size={16} />
                  <Text size="sm" fw={500}>
                    {button.text}
                  </Text>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
