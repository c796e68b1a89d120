import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { RejectTaskRequestSchema } from '@sapa/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/http';

export type DecisionPanelProps = {
  labels: { note: string; noteHelp: string; approve: string; reject: string };
  /** The decision being sent, if any: its button spins. */
  pending: 'approve' | 'reject' | null;
  error: unknown;
  disabled?: boolean;
  onApprove: () => void;
  /** Called with the note, once it is valid (a rejection always says why). */
  onReject: (note: string) => void;
};

/** A checker's decision on a request: approve, or reject with a note (the approvals' rule). */
export function DecisionPanel({ labels, pending, error, disabled, onApprove, onReject }: DecisionPanelProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const reject = () => {
    const parsed = RejectTaskRequestSchema.safeParse({ note });
    setNoteError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) onReject(parsed.data.note);
  };
  return (
    <Stack gap="sm">
      <Textarea
        label={labels.note}
        description={labels.noteHelp}
        value={note}
        error={noteError}
        maxLength={1000}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {error ? (
        <Alert color="red" role="alert">
          {describeError(error, t)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          disabled={disabled}
          loading={pending === 'reject'}
          onClick={reject}
        >
          {labels.reject}
        </Button>
        <Button
          color="teal"
          leftSection={<IconCheck size={16} />}
          disabled={disabled}
          loading={pending === 'approve'}
          onClick={onApprove}
        >
          {labels.approve}
        </Button>
      </Group>
    </Stack>
  );
}
