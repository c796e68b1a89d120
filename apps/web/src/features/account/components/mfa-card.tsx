import { Alert, Badge, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type MfaActivationSchema, MfaTokenRequestSchema } from '@sapa/contracts';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueryState } from '../../../components/query-state';
import { ApiError, describeError } from '../../../lib/http';
import { useMfaCode, useMfaStatus, useStartMfa } from '../api/account-api';
import { SectionCard } from './section-card';

type Activation = z.infer<typeof MfaActivationSchema>;

/** The otpauth URI as an SVG QR code (SVG: no canvas needed, so it renders anywhere). */
function useQrImage(uri: string): string | null {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 200 })
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setSource(null);
      });
    return () => {
      current = false;
    };
  }, [uri]);
  return source;
}

/** A 6-digit code field with its submit button: the proof both turning MFA on and off ask for. */
function CodeForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  color,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (token: string, clear: () => void) => void;
  color?: string;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = MfaTokenRequestSchema.safeParse({ token: code });
    if (!parsed.success) {
      setCodeError(t('mfaLogin.codeInvalid'));
      return;
    }
    setCodeError(null);
    onSubmit(parsed.data.token, () => setCode(''));
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert">
            {describeError(error, t)}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm">
          <TextInput
            label={label}
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, ''));
              setCodeError(null);
            }}
            error={codeError}
            w={200}
          />
          <Button type="submit" loading={pending} color={color} mt={25}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActivationStep({
  activation,
  onDone,
  onCancel,
}: {
  activation: Activation;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const verify = useMfaCode('verify');
  const qr = useQrImage(activation.otpauthUri);
  return (
    <Stack gap="md">
      <Text size="sm">{t('mfa.scanHelp')}</Text>
      <Group align="flex-start" gap="lg">
        {qr ? (
          <Image src={qr} alt={t('mfa.qrAlt')} w={200} h={200} data-testid="mfa-qr" />
        ) : (
          <Text size="sm" c="dimmed" w={200}>
            {t('mfa.qrUnavailable')}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('mfa.secretLabel')}
          </Text>
          <Code data-testid="mfa-secret" fz="md" style={{ wordBreak: 'break-all' }}>
            {activation.secret}
          </Code>
          <Text size="xs" c="dimmed" maw={360}>
            {t('mfa.secretHelp')}
          </Text>
        </Stack>
      </Group>
      <CodeForm
        label={t('mfa.code')}
        submitLabel={t('mfa.verify')}
        pending={verify.isPending}
        error={verify.error}
        onSubmit={(token, clear) =>
          verify.mutate(token, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('mfa.turnedOn') });
              onDone();
            },
            onError: clear,
          })
        }
      />
      <Button variant="subtle" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
        {t('mfa.cancel')}
      </Button>
    </Stack>
  );
}

/** TOTP MFA of the signed-in user: turn on (QR code, secret, first code) and off (a current code). */
export function MfaCard() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const start = useStartMfa();
  const deactivate = useMfaCode('deactivate');
  const [activation, setActivation] = useState<Activation | null>(null);

  return (
    <SectionCard id="mfa" title={t('mfa.title')} description={t('mfa.help')}>
      <QueryState
        data={status.data}
        loading={status.isLoading}
        error={status.error}
        onRetry={() => void status.refetch()}
      >
        {({ mfaEnabled }) => (
          <Stack gap="md">
            <Group gap="xs">
              <Text size="sm">{t('mfa.status')}</Text>
              <Badge color={mfaEnabled ? 'teal' : 'gray'} data-testid="mfa-status">
                {mfaEnabled ? t('mfa.on') : t('mfa.off')}
              </Badge>
            </Group>
            {mfaEnabled ? (
              <CodeForm
                label={t('mfa.codeToTurnOff')}
                submitLabel={t('mfa.turnOff')}
                color="red"
                pending={deactivate.isPending}
                error={deactivate.error}
                onSubmit={(token, clear) =>
                  deactivate.mutate(token, {
                    onSuccess: () => notifications.show({ color: 'teal', message: t('mfa.turnedOff') }),
                    onError: clear,
                  })
                }
              />
            ) : activation ? (
              <ActivationStep
                activation={activation}
                onDone={() => setActivation(null)}
                onCancel={() => setActivation(null)}
              />
            ) : (
              <Stack gap="xs" align="flex-start">
                {start.isError &&
                !(start.error instanceof ApiError && start.error.code === 'mfa_already_on') ? (
                  <Alert color="red" role="alert">
                    {describeError(start.error, t)}
                  </Alert>
                ) : null}
                <Button
                  loading={start.isPending}
                  onClick={() =>
                    start.mutate(undefined, {
                      onSuccess: setActivation,
                      // Turned on meanwhile (another tab): show it as it is.
                      onError: (error) => {
                        if (error instanceof ApiError && error.code === 'mfa_already_on')
                          void status.refetch();
                      },
                    })
                  }
                >
                  {t('mfa.turnOn')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}
