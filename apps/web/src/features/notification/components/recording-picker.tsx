import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../lib/http';
import { downloadRecordingResource, useRecordings } from '../api/recordings-api';

const seconds = (ms: number | null) => (ms === null ? '' : ` (${Math.round(ms / 1000)} s)`);

/**
 * A voice campaign's recording, chosen from the voice resources (its file id is what the campaign
 * keeps), with a player to listen first and a link to upload one.
 */
export function RecordingPicker({
  clientId,
  value,
  onChange,
}: {
  clientId: string;
  value: string;
  onChange: (fileId: string) => void;
}) {
  const { t } = useTranslation();
  const recordings = useRecordings(clientId, true);
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const items = recordings.data?.items ?? [];
  const chosen = items.find((item) => item.fileId === value);
  return (
    <Stack gap="xs">
      <Select
        label={t('notification.form.recording')}
        placeholder={
          recordings.isLoading
            ? t('notification.form.recordingLoading')
            : t('notification.form.recordingPick')
        }
        data={items.map((item) => ({ value: item.fileId, label: `${item.name}${seconds(item.durationMs)}` }))}
        value={value || null}
        onChange={(next) => {
          setUrl(null);
          onChange(next ?? '');
        }}
        error={recordings.error ? describeError(recordings.error, t) : undefined}
        nothingFoundMessage={t('notification.form.recordingNone')}
        searchable
        allowDeselect={false}
      />
      {items.length === 0 && !recordings.isLoading ? (
        <Text size="sm" c="dimmed">
          {t('notification.form.recordingNone')}{' '}
          <Anchor component={Link} to="/voice/resources">
            {t('notification.form.recordingUpload')}
          </Anchor>
        </Text>
      ) : null}
      {chosen ? (
        <Group gap="xs">
          {url ? (
            // biome-ignore lint/a11y/useMediaCaption: a recorded announcement has no caption track.
            <audio
              controls
              autoPlay
              src={url}
              aria-label={t('notification.form.recordingPlayer')}
              style={{ height: 32 }}
            />
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              loading={loading}
              onClick={async () => {
                setLoading(true);
                setError(null);
                try {
                  setUrl(URL.createObjectURL((await downloadRecordingResource(chosen.id)).blob));
                } catch (failure) {
                  setError(describeError(failure, t));
                } finally {
                  setLoading(false);
                }
              }}
            >
              {t('notification.form.recordingListen')}
            </Button>
          )}
          {error ? (
            <Text size="xs" c="red">
              {error}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
