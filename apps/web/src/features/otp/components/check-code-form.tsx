import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { OtpStatus } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';

export type CheckCodeFormProps = {
  /** A request id typed by the user, or the one just sent (then not asked for). */
  requestId?: string;
  check: (input: {
    requestId: string;
    code: string;
    // An OTP check answers five statuses; a Verify check may also answer `failed`.
  }) => Promise<{ status: OtpStatus; valid: boolean; attemptsLeft: number }>;
};

/** Checks a code against a request and says what came of it (approved, wrong with attempts left, …). */
export function CheckCodeForm({ requestId: fixed, check }: CheckCodeFormProps) {
  const { t } = useTranslation();
  const [requestId, setRequestId] = useState(fixed ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await check({ requestId: fixed ?? requestId.trim(), code: code.trim() });
      setOutcome(
        answer.valid
          ? { color: 'green', text: t('otp.check.approved') }
          : {
              color: 'orange',
              text: t(`otp.check.${answer.status}`, { attemptsLeft: answer.attemptsLeft }),
            },
      );
    } catch (error) {
      setOutcome({ color: 'red', text: describeError(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="sm" maw={420}>
        {fixed ? null : (
          <TextInput
            label={t('otp.fields.requestId')}
            value={requestId}
            onChange={(event) => setRequestId(event.currentTarget.value)}
            required
          />
        )}
        <TextInput
          label={t('otp.fields.code')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('otp.check.submit')}
          </Button>
        </Group>
        {outcome ? (
          <Alert color={outcome.color} role="status">
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
