import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Popover,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconLink, IconPaperclip, IconSend, IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/http';
import { chatKeys } from '../api/chat-keys';
import { type ChatTemplate, useTemplates } from '../api/lookups-api';
import { useCustomerWindow, useSendMessage } from '../api/messages-api';
import { useChatCommand } from '../hooks/chat-commands';
import { useAnnounceTyping } from '../live/typing';
import { firstImage, ImageAttachment, imageProblem } from './image-attachment';
import { type ComposerMode, ComposerModeSwitch, NoteComposer } from './private-note';
import {
  SLASH_PICKER_ID,
  slashOptionId,
  TemplateParametersForm,
  TemplateSlashPicker,
} from './template-insert';
import { matchTemplates, type SlashQuery, slashQueryAt } from './template-shortcut';
import { splitRemaining, templateParameterCount, useRemaining } from './window-countdown';

/** WhatsApp template languages the picker offers; the template must be approved in that language. */
const LANGUAGES = ['id', 'en', 'en_US'] as const;

type ComposerProps = { roomId: string };

/**
 * The chat box. While the customer's 24-hour window is open: free text (templates as canned answers)
 * and images (uploaded, pasted or dropped, or by link), with the time left shown. Once it closes: free text is off and only a template
 * goes out, as an approved WhatsApp template message.
 */
/**
 * The server sends images by link only from our own files (`/api/files/…`, relative or on this
 * portal): another site's link could track the customer, so it is refused here first.
 */
export function isOwnFileLink(link: string): boolean {
  if (link.startsWith('/api/files/')) return !/\s/.test(link);
  try {
    const url = new URL(link);
    return url.origin === window.location.origin && url.pathname.startsWith('/api/files/');
  } catch {
    return false;
  }
}

export function Composer({ roomId }: ComposerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const window = useCustomerWindow(roomId);
  const remaining = useRemaining(window.data?.closesAt ?? null);
  const open = Boolean(window.data?.open) && (remaining === null || remaining > 0);
  const [mode, setMode] = useState<ComposerMode>('reply');

  // The moment the countdown runs out, the server is asked again so the box switches for sure.
  useEffect(() => {
    if (window.data?.open && remaining === 0)
      void queryClient.invalidateQueries({ queryKey: chatKeys.window(roomId) });
  }, [window.data?.open, remaining, queryClient, roomId]);

  if (window.isPending) {
    return (
      <Group justify="center" p="sm">
        <Loader size="xs" aria-label={t('chat.composer.loading')} />
      </Group>
    );
  }
  if (window.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{describeError(window.error, t)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void window.refetch()}>
            {t('queryState.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (window.data.internal) return <FreeTextBox roomId={roomId} />;
  const modes = <ComposerModeSwitch roomId={roomId} mode={mode} onChange={setMode} />;
  if (mode === 'note')
    return (
      <Stack gap={4}>
        {modes}
        <NoteComposer roomId={roomId} />
      </Stack>
    );
  return open ? (
    <Stack gap={4}>
      {modes}
      <Text size="xs" c="dimmed" data-testid="window-countdown">
        {remaining === null ? t('chat.window.open') : t('chat.window.closesIn', splitRemaining(remaining))}
      </Text>
      <FreeTextBox roomId={roomId} />
    </Stack>
  ) : (
    <Stack gap="xs">
      {modes}
      <Alert color="yellow" role="status" data-testid="window-closed" p="xs">
        <Text size="sm">{t('chat.window.closed')}</Text>
      </Alert>
      <TemplateSender roomId={roomId} />
    </Stack>
  );
}

function errorText(error: unknown, t: ReturnType<typeof useTranslation>['t']) {
  if (error instanceof ApiError && error.code === 'customer_window_closed') return t('chat.window.refused');
  return describeError(error, t);
}

function FreeTextBox({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const templates = useTemplates(false);
  const [text, setText] = useState('');
  const [imageOpen, setImageOpen] = useState(false);
  const [imageUrl, setImageUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [attachError, setAttachError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const announceTyping = useAnnounceTyping(roomId, 'reply');
  const box = useRef<HTMLTextAreaElement>(null);
  // The `/word` at the caret (null when none), the highlighted match, and the one the agent closed.
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [activeMatch, setActiveMatch] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // A picked template with placeholders waits here, with the span of the box it will replace.
  const [filling, setFilling] = useState<{ template: ChatTemplate; start: number; end: number } | null>(null);
  const matches = useMemo(
    () => (slash ? matchTemplates(templates.data ?? [], slash.query) : []),
    [slash, templates.data],
  );
  const pickerOpen = slash !== null && slash.start !== dismissedAt && filling === null;
  useChatCommand('focusComposer', () => box.current?.focus());

  const readSlash = (element: HTMLTextAreaElement) => {
    const next = slashQueryAt(element.value, element.selectionStart ?? element.value.length);
    setSlash(next);
    if (next?.query !== slash?.query) setActiveMatch(0);
    if (next?.start !== dismissedAt) setDismissedAt(null);
  };

  // Where the caret goes once an inserted text is on screen. Applied in the same commit as the text,
  // so a key pressed right after an insert (Enter to send) already lands in the box.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !box.current) return;
    pendingCaret.current = null;
    box.current.focus();
    box.current.setSelectionRange(caret, caret);
  });

  /** The text replaces `start…end` of the box, and the caret lands after it. */
  const insertAt = (start: number, end: number, insert: string) => {
    const next = `${text.slice(0, start)}${insert}${text.slice(end)}`;
    setText(next);
    setSlash(null);
    pendingCaret.current = start + insert.length;
  };

  /** A template from the `/` picker or the template button: inserted, or its parameters asked first. */
  const pickTemplate = (template: ChatTemplate, span: { start: number; end: number }) => {
    if (templateParameterCount(template.content) === 0) insertAt(span.start, span.end, template.content);
    else {
      setFilling({ template, ...span });
      setSlash(null);
    }
  };

  /** A picked, pasted or dropped file: refused here with a clear reason, or shown for a caption. */
  const attach = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    setAttachError(
      problem === 'type'
        ? t('chat.composer.upload.wrongType')
        : problem === 'size'
          ? t('chat.composer.upload.tooLarge')
          : null,
    );
    setAttachment(problem ? null : file);
  };

  const submitText = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate({ kind: 'text', roomId, content }, { onSuccess: () => setText('') });
  };
  const submitImage = () => {
    const url = imageUrl.trim();
    if (!isOwnFileLink(url)) {
      setImageError(t('chat.composer.imageUrlInvalid'));
      return;
    }
    setImageError(null);
    send.mutate(
      { kind: 'image', roomId, url, caption },
      {
        onSuccess: () => {
          setImageUrl('');
          setCaption('');
          setImageOpen(false);
        },
      },
    );
  };

  return (
    <Stack gap={4}>
      {filling ? (
        <TemplateParametersForm
          key={filling.template.id}
          template={filling.template}
          onInsert={(filled) => {
            insertAt(filling.start, filling.end, filled);
            setFilling(null);
          }}
          onCancel={() => {
            setFilling(null);
            box.current?.focus();
          }}
        />
      ) : null}
      <form
        onSubmit={submitText}
        aria-label={t('chat.composer.label')}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // Moving over the box's own children is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          if (!event.dataTransfer.files.length) return;
          event.preventDefault();
          setDragging(false);
          attach(firstImage(event.dataTransfer.files));
        }}
        style={dragging ? { outline: '2px dashed var(--mantine-color-blue-5)', borderRadius: 8 } : undefined}
      >
        <Stack gap={4}>
          {send.isError ? (
            <Text size="sm" c="red" role="alert">
              {errorText(send.error, t)}
            </Text>
          ) : null}
          {attachError ? (
            <Text size="sm" c="red" role="alert">
              {attachError}
            </Text>
          ) : null}
          {attachment ? (
            <ImageAttachment
              key={`${attachment.name}-${attachment.size}-${attachment.lastModified}`}
              roomId={roomId}
              file={attachment}
              onDone={() => setAttachment(null)}
            />
          ) : null}
          {pickerOpen && slash ? (
            <TemplateSlashPicker
              templates={matches}
              active={activeMatch}
              onHover={setActiveMatch}
              onPick={(template) => pickTemplate(template, slash)}
            />
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="image-file-input"
            aria-label={t('chat.composer.upload.attach')}
            onChange={(event) => {
              attach(event.currentTarget.files?.[0] ?? null);
              // The same file picked again after a removal must fire a change.
              event.currentTarget.value = '';
            }}
          />
          <Textarea
            ref={box}
            aria-label={t('chat.composer.message')}
            placeholder={t('chat.composer.placeholder')}
            rows={2}
            maxLength={4096}
            value={text}
            role={pickerOpen ? 'combobox' : undefined}
            aria-expanded={pickerOpen}
            aria-controls={pickerOpen ? SLASH_PICKER_ID : undefined}
            aria-autocomplete="list"
            aria-activedescendant={pickerOpen && matches.length > 0 ? slashOptionId(activeMatch) : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              readSlash(event.currentTarget);
              announceTyping();
            }}
            onSelect={(event) => readSlash(event.currentTarget)}
            onBlur={() => setSlash(null)}
            onPaste={(event) => {
              // A pasted screenshot becomes an attachment; pasted text stays text.
              const image = Array.from(event.clipboardData.files).find((file) =>
                file.type.startsWith('image/'),
              );
              if (!image) return;
              event.preventDefault();
              attach(image);
            }}
            onKeyDown={(event) => {
              if (pickerOpen && slash && !event.nativeEvent.isComposing) {
                const count = matches.length;
                if (event.key === 'ArrowDown' && count) {
                  event.preventDefault();
                  setActiveMatch((index) => (index + 1) % count);
                  return;
                }
                if (event.key === 'ArrowUp' && count) {
                  event.preventDefault();
                  setActiveMatch((index) => (index - 1 + count) % count);
                  return;
                }
                if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && count) {
                  event.preventDefault();
                  const picked = matches[Math.min(activeMatch, count - 1)];
                  if (picked) pickTemplate(picked, slash);
                  return;
                }
                if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  setDismissedAt(slash.start);
                  return;
                }
              }
              // Esc leaves the box, so the page's shortcuts work again.
              if (event.key === 'Escape' && !pickerOpen) {
                event.currentTarget.blur();
                return;
              }
              // Enter sends, Shift+Enter breaks the line, as in WhatsApp Web.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submitText();
              }
            }}
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <TemplateMenu
                templates={templates.data ?? []}
                onPick={(template) => {
                  // The button inserts at the caret, replacing a selection, as the `/` picker does.
                  const element = box.current;
                  const start = element?.selectionStart ?? text.length;
                  pickTemplate(template, { start, end: element?.selectionEnd ?? start });
                }}
              />
              <Tooltip label={t('chat.composer.upload.attach')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('chat.composer.upload.attach')}
                  onClick={() => fileInput.current?.click()}
                >
                  <IconPaperclip size={18} />
                </ActionIcon>
              </Tooltip>
              <Popover opened={imageOpen} onChange={setImageOpen} position="top-start" withArrow trapFocus>
                <Popover.Target>
                  <Tooltip label={t('chat.composer.image')}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('chat.composer.image')}
                      onClick={() => setImageOpen((value) => !value)}
                    >
                      <IconLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Popover.Target>
                <Popover.Dropdown>
                  <Stack gap="xs" w={300}>
                    <TextInput
                      label={t('chat.composer.imageUrl')}
                      description={t('chat.composer.imageUrlHint')}
                      value={imageUrl}
                      onChange={(event) => setImageUrl(event.currentTarget.value)}
                      error={imageError}
                    />
                    <TextInput
                      label={t('chat.composer.caption')}
                      value={caption}
                      onChange={(event) => setCaption(event.currentTarget.value)}
                    />
                    <Button size="xs" onClick={submitImage} loading={send.isPending}>
                      {t('chat.composer.sendImage')}
                    </Button>
                  </Stack>
                </Popover.Dropdown>
              </Popover>
            </Group>
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={send.isPending}
              disabled={!text.trim()}
            >
              {t('chat.composer.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function TemplateMenu({
  templates,
  onPick,
}: {
  templates: ChatTemplate[];
  onPick: (t: ChatTemplate) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withArrow>
      <Popover.Target>
        <Tooltip label={t('chat.composer.templates')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('chat.composer.templates')}
            onClick={() => setOpened((value) => !value)}
          >
            <IconTemplate size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Select
          w={300}
          label={t('chat.composer.templates')}
          placeholder={t('chat.composer.templatePlaceholder')}
          searchable
          nothingFoundMessage={t('chat.composer.noTemplates')}
          data={templates.map((template) => ({ value: template.id, label: template.name }))}
          onChange={(id) => {
            const template = templates.find((item) => item.id === id);
            if (template) onPick(template);
            setOpened(false);
          }}
          comboboxProps={{ withinPortal: false }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** After the window closed: pick a template, fill its parameters, choose its language, send. */
function TemplateSender({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const templates = useTemplates(false);
  const send = useSendMessage();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [language, setLanguage] = useState<string>('id');
  const [parameters, setParameters] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const template = templates.data?.find((item) => item.id === templateId) ?? null;
  const count = useMemo(() => (template ? templateParameterCount(template.content) : 0), [template]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template) {
      setMissing(true);
      return;
    }
    const values = Array.from({ length: count }, (_, index) => (parameters[index] ?? '').trim());
    if (values.some((value) => !value)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(
      { kind: 'template', roomId, templateId: template.id, language, parameters: values },
      {
        onSuccess: () => {
          setTemplateId(null);
          setParameters([]);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('chat.composer.templateForm')} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" grow>
          <Select
            label={t('chat.composer.template')}
            placeholder={t('chat.composer.templatePlaceholder')}
            searchable
            required
            nothingFoundMessage={t('chat.composer.noTemplates')}
            data={(templates.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            value={templateId}
            onChange={(value) => {
              setTemplateId(value);
              setParameters([]);
            }}
            error={missing && !template ? t('chat.composer.templateRequired') : null}
          />
          <Select
            label={t('chat.composer.language')}
            data={LANGUAGES.map((code) => ({ value: code, label: t(`chat.composer.languages.${code}`) }))}
            value={language}
            allowDeselect={false}
            onChange={(value) => value && setLanguage(value)}
          />
        </Group>
        {template ? (
          <Text size="sm" c="dimmed" data-testid="template-preview">
            {template.content}
          </Text>
        ) : null}
        {Array.from({ length: count }, (_, index) => (
          <TextInput
            // The placeholders are numbered; their order never changes for one template.
            // biome-ignore lint/suspicious/noArrayIndexKey: positional parameters
            key={index}
            label={t('chat.composer.parameter', { number: index + 1 })}
            required
            value={parameters[index] ?? ''}
            error={missing && !(parameters[index] ?? '').trim() ? t('chat.composer.parameterRequired') : null}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setParameters((old) => {
                const next = [...old];
                next[index] = value;
                return next;
              });
            }}
          />
        ))}
        {send.isError ? (
          <Text size="sm" c="red" role="alert">
            {describeError(send.error, t)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            {t('chat.composer.sendTemplate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
