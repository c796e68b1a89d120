import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import {
  AUTHENTICATION_BODY,
  fillVariables,
  type TemplateButton,
  type TemplateCategory,
  type TemplateHeader,
} from '@sapa/contracts';
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

export type TemplatePreviewProps = {
  category: TemplateCategory;
  header: TemplateHeader | null;
  body: string;
  examples: readonly string[];
  footer: string | null;
  buttons: readonly TemplateButton[];
  securityRecommendation?: boolean;
  codeExpirationMinutes?: number | null;
};

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

/**
 * The message bubble as the customer sees it on WhatsApp: header, body with the examples filled in,
 * footer, and the buttons under the bubble. It follows the form as it is typed.
 */
export function TemplatePreview(props: TemplatePreviewProps) {
  const { t } = useTranslation();
  const auth = props.category === 'AUTHENTICATION';
  const body = auth
    ? fillVariables(AUTHENTICATION_BODY, ['123456'])
    : fillVariables(props.body, props.examples);
  const header = auth ? null : props.header;
  const footer = auth
    ? props.codeExpirationMinutes
      ? t('whatsappTemplates.preview.expires', { minutes: props.codeExpirationMinutes })
      : null
    : props.footer;
  const buttons = auth ? props.buttons.filter((button) => button.type === 'OTP') : props.buttons;
  const empty = !auth && props.body.trim() === '' && !header && !footer && buttons.length === 0;
  const MediaIcon = header && header.format !== 'TEXT' ? MEDIA_ICONS[header.format] : null;
  return (
    <Box
      role="figure"
      aria-label={t('whatsappTemplates.preview.label')}
      data-testid="template-preview"
      p="md"
      style={{ background: '#efeae2', borderRadius: 8, minHeight: 160 }}
    >
      {empty ? (
        <Text size="sm" c="dimmed" ta="center" mt="xl">
          {t('whatsappTemplates.preview.empty')}
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
                  aria-label={t('whatsappTemplates.preview.media', { format: header.format.toLowerCase() })}
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
                {auth && props.securityRecommendation ? ` ${t('whatsappTemplates.preview.security')}` : null}
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
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is the form's, in its order
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
