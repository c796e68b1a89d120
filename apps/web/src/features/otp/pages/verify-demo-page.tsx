import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { OTP_ADMIN_ROLES, OTP_CHANNELS, type OtpChannel, type Verification } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import {
  useCheckVerification,
  useCreateVerifyService,
  useStartVerification,
  useVerifyServices,
} from '../api/otp-api';
import { CheckCodeForm } from '../components/check-code-form';

/** `/verify/demo`: try a verification service on one's own number through the sandbox. */
export function VerifyDemoPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const isAdmin = Boolean(session && OTP_ADMIN_ROLES.includes(session.role));
  const services = useVerifyServices(clientId);
  const create = useCreateVerifyService(clientId);
  const start = useStartVerification();
  const check = useCheckVerification();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [channel, setChannel] = useState<OtpChannel>('sms');
  const [started, setStarted] = useState<Verification | null>(null);
  const [name, setName] = useState('');
  const [channels, setChannels] = useState<string[]>(['sms']);
  const chosen = services.data?.items.find((service) => service.id === serviceId) ?? services.data?.items[0];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    start.mutate({ serviceId: chosen.id, to: to.trim(), channel }, { onSuccess: setStarted });
  };
  const createService = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), channels: channels as OtpChannel[] },
      { onSuccess: (row) => setServiceId(row.id) },
    );
  };

  return (
    <>
      <PageHeader title={t('pages.verifyDemo')} description={t('otp.verifyDemo.help')} />
      <Stack gap="lg">
        {isAdmin ? (
          <Card withBorder>
            <form onSubmit={createService}>
              <Group align="flex-end">
                <TextInput
                  label={t('otp.verifyDemo.serviceName')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  required
                />
                <MultiSelect
                  label={t('otp.verifyDemo.channels')}
                  value={channels}
                  onChange={setChannels}
                  data={OTP_CHANNELS.map((value) => ({ value, label: t(`otp.channels.${value}`) }))}
                />
                <Button type="submit" variant="default" loading={create.isPending}>
                  {t('otp.verifyDemo.createService')}
                </Button>
              </Group>
              {create.error ? (
                <Text c="red" size="sm">
                  {describeError(create.error, t)}
                </Text>
              ) : null}
            </form>
          </Card>
        ) : null}
        <Card withBorder>
          {services.data && services.data.items.length === 0 ? (
            <Text c="dimmed">{t('otp.verifyDemo.noServices')}</Text>
          ) : (
            <form onSubmit={submit}>
              <Stack gap="sm" maw={420}>
                <Select
                  label={t('otp.verifyDemo.service')}
                  value={chosen?.id ?? null}
                  onChange={setServiceId}
                  data={(services.data?.items ?? []).map((service) => ({
                    value: service.id,
                    label: service.name,
                  }))}
                  allowDeselect={false}
                />
                <TextInput
                  label={t('otp.fields.destination')}
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                  required
                />
                <Select
                  label={t('otp.fields.channel')}
                  value={channel}
                  onChange={(value) => value && setChannel(value as OtpChannel)}
                  data={(chosen?.channels ?? []).map((value) => ({
                    value,
                    label: t(`otp.channels.${value}`),
                  }))}
                  allowDeselect={false}
                />
                <Group>
                  <Button type="submit" loading={start.isPending} disabled={!chosen}>
                    {t('otp.verifyDemo.start')}
                  </Button>
                </Group>
                {start.error ? (
                  <Alert color="red" role="alert">
                    {describeError(start.error, t)}
                  </Alert>
                ) : null}
              </Stack>
            </form>
          )}
        </Card>
        {started && chosen ? (
          <Card withBorder>
            <Title order={2} size="h4">
              {t('otp.send.sentTitle')}
            </Title>
            <CheckCodeForm
              key={started.requestId}
              requestId={started.requestId}
              check={(input) => check.mutateAsync({ serviceId: chosen.id, ...input })}
            />
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
