import { Button, CloseButton, Group, Image, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/http';
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES, useSendImageUpload } from '../api/messages-api';

/** Why a picked file cannot be sent, checked before the upload so the agent need not wait for it. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return 'size';
  return null;
}

/** The first image among pasted or dropped files, if any. */
export function firstImage(files: FileList | null | undefined): File | null {
  for (const file of Array.from(files ?? [])) if (file.type.startsWith('image/')) return file;
  return files?.[0] ?? null;
}

type Props = { roomId: string; file: File; onDone: () => void };

/** The picked image before it goes: a preview, a caption, send or remove; disabled while it uploads. */
export function ImageAttachment({ roomId, file, onDone }: Props) {
  const { t } = useTranslation();
  const upload = useSendImageUpload();
  const [caption, setCaption] = useState('');
  const preview = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);

  const send = () => {
    if (upload.isPending) return;
    upload.mutate({ roomId, file, caption }, { onSuccess: onDone });
  };
  const error = upload.isError ? uploadErrorText(upload.error, t) : null;

  return (
    <Paper withBorder p="xs" radius="md" data-testid="image-attachment" aria-busy={upload.isPending}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Image
          src={preview}
          alt={t('chat.composer.upload.preview')}
          w={96}
          h={96}
          fit="contain"
          radius="sm"
        />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {file.name} · {Math.max(1, Math.round(file.size / 1024))} KB
            </Text>
            <CloseButton
              aria-label={t('chat.composer.upload.remove')}
              disabled={upload.isPending}
              onClick={onDone}
            />
          </Group>
          <TextInput
            label={t('chat.composer.caption')}
            value={caption}
            maxLength={1024}
            disabled={upload.isPending}
            onChange={(event) => setCaption(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                send();
              }
            }}
          />
          {upload.isPending ? (
            <Progress value={100} animated striped size="sm" aria-label={t('chat.composer.upload.sending')} />
          ) : null}
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconSend size={14} />} loading={upload.isPending} onClick={send}>
              {t('chat.composer.sendImage')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function uploadErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']) {
  if (error instanceof ApiError) {
    if (error.code === 'image_too_large') return t('chat.composer.upload.tooLarge');
    if (error.code === 'image_type_not_allowed') return t('chat.composer.upload.wrongType');
    if (error.code === 'customer_window_closed') return t('chat.window.refused');
  }
  return describeError(error, t);
}
