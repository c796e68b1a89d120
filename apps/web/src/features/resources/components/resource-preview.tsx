import { ActionIcon, Button, Group, Image, Loader, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { Resource } from '@sapa/contracts';
import { IconExternalLink, IconFile, IconMovie, IconMusic, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useResourceFile } from '../api/download-resource';

/** A blob URL for a downloaded file, released when the file or the component goes. */
function useBlobUrl(blob: Blob | undefined) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

const ICONS = { document: IconFile, audio: IconMusic, video: IconMovie, image: IconFile } as const;

/**
 * What a resource looks like in the list: an image's thumbnail; a recording's player; a video's player;
 * a PDF opened in a new tab. Files are fetched with the session's credentials only when shown or asked
 * for (images at once, the others on a click).
 */
export function ResourcePreview({ clientId, resource }: { clientId: string; resource: Resource }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(resource.kind === 'image');
  const file = useResourceFile(clientId, resource.id, asked);
  const url = useBlobUrl(file.data?.blob);

  useEffect(() => {
    // A PDF opens in the browser's own viewer, in a tab of its own.
    if (resource.kind === 'document' && url && asked) {
      window.open(url, '_blank', 'noopener');
      setAsked(false);
    }
  }, [resource.kind, url, asked]);

  if (file.error)
    return (
      <Text size="xs" c="red">
        {describeError(file.error, t)}
      </Text>
    );
  if (resource.kind === 'image') {
    if (!url) return <Loader size="xs" aria-label={t('resources.preview.loading')} />;
    return (
      <Image
        src={url}
        alt={t('resources.preview.thumbnail', { name: resource.name })}
        w={48}
        h={48}
        radius="sm"
        fit="cover"
      />
    );
  }
  if (resource.kind === 'audio' && url)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a recorded announcement has no caption track.
      <audio
        controls
        autoPlay
        src={url}
        aria-label={t('resources.preview.player', { name: resource.name })}
        style={{ height: 32, maxWidth: 260 }}
      />
    );
  if (resource.kind === 'video' && url)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a client's own clip has no caption track.
      <video
        controls
        autoPlay
        src={url}
        aria-label={t('resources.preview.player', { name: resource.name })}
        style={{ maxWidth: 220, maxHeight: 140 }}
      />
    );
  const Icon = ICONS[resource.kind];
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" size="lg">
        <Icon size={18} />
      </ThemeIcon>
      {resource.kind === 'document' ? (
        <Tooltip label={t('resources.preview.open')}>
          <ActionIcon
            variant="subtle"
            loading={file.isFetching}
            aria-label={t('resources.preview.openNamed', { name: resource.name })}
            onClick={() => (url ? window.open(url, '_blank', 'noopener') : setAsked(true))}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          loading={file.isFetching}
          onClick={() => setAsked(true)}
          aria-label={t('resources.preview.playNamed', { name: resource.name })}
        >
          {t('resources.preview.play')}
        </Button>
      )}
    </Group>
  );
}
