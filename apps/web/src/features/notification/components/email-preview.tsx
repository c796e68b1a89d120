import { Box, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';

/** The widths the preview is drawn at: a desktop mail client's reading pane and a phone. */
export const PREVIEW_WIDTHS = { desktop: 600, mobile: 375 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** `{{param}}` filled as the server fills it (render-message.ts): a missing parameter becomes empty. */
export function fillTemplate(text: string, params: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => params[name] ?? '');
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The document the preview frame shows: the email's HTML with the sample row's values escaped in (as the
 * server escapes them), under a policy that allows no script, no form and no outside request but images.
 * The frame is also sandboxed without `allow-scripts`, so a `<script>` in a template never runs.
 */
export function previewDocument(html: string, params: Record<string, string>): string {
  const escaped = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, escapeHtml(value)]));
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<style>body{margin:12px;font-family:Arial,Helvetica,sans-serif;word-wrap:break-word}</style>',
    '</head><body>',
    fillTemplate(html, escaped),
    '</body></html>',
  ].join('');
}

/**
 * The email as a recipient would see it (issue 17 item 3): subject and body with a sample row's
 * parameters filled in, drawn in a sandboxed frame at desktop or mobile width beside the editor.
 */
export function EmailPreview({
  subject,
  html,
  parameters,
}: {
  subject: string;
  html: string;
  parameters: readonly string[];
}) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [sample, setSample] = useState<Record<string, string>>({});
  const values = Object.fromEntries(parameters.map((name) => [name, sample[name] ?? `[${name}]`]));
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('notification.preview.title')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('notification.preview.width')}
            value={width}
            onChange={(value) => setWidth(value as PreviewWidth)}
            data={(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((value) => ({
              value,
              label: t(`notification.preview.${value}`),
            }))}
          />
        </Group>
        {parameters.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {parameters.map((name) => (
              <TextInput
                key={name}
                size="xs"
                label={t('notification.preview.sample', { name })}
                value={sample[name] ?? ''}
                placeholder={`[${name}]`}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setSample((current) => ({ ...current, [name]: value }));
                }}
              />
            ))}
          </SimpleGrid>
        ) : null}
        <Text size="sm" data-testid="email-preview-subject">
          <Text span c="dimmed" size="sm">
            {t('notification.preview.subject')}{' '}
          </Text>
          {fillTemplate(subject, values)}
        </Text>
        <Box style={{ overflowX: 'auto' }}>
          <iframe
            title={t('notification.preview.frame', { width: t(`notification.preview.${width}`) })}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={previewDocument(html, values)}
            width={PREVIEW_WIDTHS[width]}
            height={420}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}
            data-width={width}
          />
        </Box>
      </Stack>
    </Card>
  );
}
