import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadedFile, describeError, saveDownloadedFile } from '../lib/http';

export type DownloadButtonProps = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** Fetches the file (a file operation, through `downloadOperation`). */
  download: () => Promise<DownloadedFile>;
  /** Used when the server names no file. */
  fileName: string;
  label: string;
};

/** Downloads a file from the API with the session's credentials and hands it to the browser. */
export function DownloadButton({ download, fileName, label, ...buttonProps }: DownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveDownloadedFile(await download(), fileName);
    } catch (error) {
      notifications.show({ color: 'red', title: t('download.failed'), message: describeError(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      {...buttonProps}
      loading={busy}
      onClick={() => void save()}
    >
      {label}
    </Button>
  );
}
