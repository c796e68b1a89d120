import { Button, Group, Mark, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatTemplate } from '../api/lookups-api';
import { fillTemplate, normalizeShortcut, templateParts } from './template-shortcut';
import { templateParameterCount } from './window-countdown';

export const SLASH_PICKER_ID = 'template-slash-picker';
export const slashOptionId = (index: number) => `${SLASH_PICKER_ID}-option-${index}`;

/**
 * The templates matching what follows `/` in the chat box. The box keeps the focus and moves the
 * highlighted option with the arrow keys (aria-activedescendant), as a combobox does.
 */
export function TemplateSlashPicker({
  templates,
  active,
  onHover,
  onPick,
}: {
  templates: ChatTemplate[];
  active: number;
  onHover: (index: number) => void;
  onPick: (template: ChatTemplate) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p={4} data-testid="template-slash-picker">
      {templates.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          {t('chat.composer.slash.none')}
        </Text>
      ) : (
        <Stack gap={0} role="listbox" id={SLASH_PICKER_ID} aria-label={t('chat.composer.templates')}>
          {templates.map((template, index) => (
            <UnstyledButton
              key={template.id}
              id={slashOptionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              // The box keeps the focus: a click must not blur it before the pick.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(template)}
              px="xs"
              py={4}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: index === active ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <Group gap="xs" wrap="nowrap">
                {template.shortcut ? (
                  <Text size="sm" fw={600} ff="monospace">
                    /{normalizeShortcut(template.shortcut)}
                  </Text>
                ) : null}
                <Text size="sm" fw={template.shortcut ? 400 : 600} lineClamp={1}>
                  {template.name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {template.content}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed" px="xs" pt={4}>
        {t('chat.composer.slash.hint')}
      </Text>
    </Paper>
  );
}

/**
 * A picked template with `{{n}}` placeholders: the text with its placeholders marked, one field per
 * placeholder, and the filled text inserted into the box (still editable before sending).
 */
export function TemplateParametersForm({
  template,
  onInsert,
  onCancel,
}: {
  template: ChatTemplate;
  onInsert: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const count = templateParameterCount(template.content);
  const [values, setValues] = useState<string[]>(() => Array.from({ length: count }, () => ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onInsert(fillTemplate(template.content, values));
  };
  return (
    <Paper withBorder p="xs" data-testid="template-parameters">
      <form
        aria-label={t('chat.composer.slash.fillTitle', { name: template.name })}
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      >
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('chat.composer.slash.fillTitle', { name: template.name })}
          </Text>
          <Text size="sm" data-testid="template-parameters-preview" style={{ whiteSpace: 'pre-wrap' }}>
            {templateParts(template.content).map((part, index) =>
              part.placeholder === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                <span key={index}>{part.text}</span>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                <Mark key={index} color={values[part.placeholder - 1] ? 'teal' : 'yellow'}>
                  {values[part.placeholder - 1] || part.text}
                </Mark>
              ),
            )}
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            {values.map((value, index) => (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: positional parameters
                key={index}
                size="xs"
                label={t('chat.composer.parameter', { number: index + 1 })}
                value={value}
                autoFocus={index === 0}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setValues((old) => old.map((item, at) => (at === index ? next : item)));
                }}
                style={{ flex: '1 1 140px' }}
              />
            ))}
          </Group>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('confirm.cancel')}
            </Button>
            <Button size="xs" type="submit">
              {t('chat.composer.slash.insert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
