import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { OTP_CHANNELS, type OtpChannel, type OtpRequestAnswer } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useSendOtp, useVerifyOtp } from '../api/otp-api';
import { CheckCodeForm } from '../components/check-code-form';

/** `/otp/sendOTP`: sends a code from the portal (the public API's limits apply), then checks it here. */
export function SendOtpPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const send = useSendOtp(clientId);
  const verify = useVerifyOtp(clientId);
  const [destination, setDestination] = useState('');
  const [channel, setChannel] = useState<OtpChannel>('sms');
  const [codeLength, setCodeLength] = useState<number>(6);
  const [sent, setSent] = useState<OtpRequestAnswer | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate({ destination: destination.trim(), channel, codeLength }, { onSuccess: setSent });
  };
  return (
    <>
      <PageHeader title={t('pages.sendOtp')} description={t('otp.send.help')} />
      <Stack gap="lg">
        <Card withBorder>
          <form onSubmit={submit}>
            <Stack gap="sm" maw={420}>
              <TextInput
                label={t('otp.fields.destination')}
                description={t('otp.send.destinationHelp')}
                value={destination}
                onChange={(event) => setDestination(event.currentTarget.value)}
                required
              />
              <Select
                label={t('otp.fields.channel')}
                value={channel}
                onChange={(value) => value && setChannel(value as OtpChannel)}
                data={OTP_CHANNELS.map((value) => ({ value, label: t(`otp.channels.${value}`) }))}
                allowDeselect={false}
              />
              <NumberInput
                label={t('otp.fields.codeLength')}
                min={4}
                max={10}
                value={codeLength}
                onChange={(value) => setCodeLength(Number(value) || 6)}
              />
              <Group>
                <Button type="submit" loading={send.isPending}>
                  {t('otp.send.submit')}
                </Button>
              </Group>
              {send.error ? (
                <Alert color="red" role="alert">
                  {describeError(send.error, t)}
                </Alert>
              ) : null}
            </Stack>
          </form>
        </Card>
        {sent ? (
          <Card withBorder>
            <Title order={2} size="h4">
              {t('otp.send.sentTitle')}
            </Title>
            <Text size="sm" data-testid="otp-request-id">
              {t('otp.send.sent', { requestId: sent.requestId, at: formatDate(sent.expiresAt) })}
            </Text>
            <CheckCodeForm
              key={sent.requestId}
              requestId={sent.requestId}
              check={(input) => verify.mutateAsync(input)}
            />
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
