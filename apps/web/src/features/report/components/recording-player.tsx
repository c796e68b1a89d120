import { Button, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { downloadRecording } from '../api/reports-api';

/**
 * The recording a call played, fetched with the session's credentials when asked for (the file is
 * client-scoped behind the bearer, so the player gets a blob URL, released when it goes away).
 */
export function RecordingPlayer({ notificationId, attempt }: { notificationId: string; attempt: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a recorded announcement has no caption track; its words are the campaign's.
      <audio controls autoPlay src={url} aria-label={t('report.voice.recording')} style={{ height: 32 }} />
    );
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        loading={loading}
        onClick={async () => {
          setLoading(true);
          setError(null);
          try {
            const file = await downloadRecording(notificationId, attempt);
            setUrl(URL.createObjectURL(file.blob));
          } catch (failure) {
            setError(describeError(failure, t));
          } finally {
            setLoading(false);
          }
        }}
      >
        {t('report.voice.play')}
      </Button>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </>
  );
}
