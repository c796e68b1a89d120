import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { RELAY_STATE_PATTERN } from '@sapa/contracts';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../../lib/http';
import { checkSsoStart, ssoStartUrl, useFinishSso } from '../api/sso';
import { PublicCard } from '../components/public-card';

type Errors = { providerId?: string; relayState?: string };

/** The SSO answer: the single-use refresh token is traded for a session, then the relay state opens. */
function FinishSso({ refreshToken, relayState }: { refreshToken: string; relayState: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishSso();
  const started = useRef(false);

  useEffect(() => {
    // The token works once: never trade it twice (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const target = RELAY_STATE_PATTERN.test(relayState) ? relayState : '/';
    // `replace`: the token leaves the address bar and the history.
    finish.mutate(refreshToken, { onSuccess: () => void navigate(target, { replace: true }) });
  }, [finish, navigate, refreshToken, relayState]);

  if (finish.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title={t('sso.failedTitle')}>
          {describeError(finish.error, t)}
        </Alert>
        <Button component="a" href="#/sso" variant="default">
          {t('sso.tryAgain')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('sso.signingIn')}</Text>
    </Stack>
  );
}

/** Starts SSO: the provider id the administrator gave and the portal page to return to. */
function StartSso({ initialRelayState }: { initialRelayState: string }) {
  const { t } = useTranslation();
  const [providerId, setProviderId] = useState('');
  const [relayState, setRelayState] = useState(initialRelayState);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = providerId.trim();
    const relay = relayState.trim();
    const found: Errors = {
      ...(id ? {} : { providerId: t('sso.providerInvalid') }),
      ...(RELAY_STATE_PATTERN.test(relay) ? {} : { relayState: t('sso.relayStateInvalid') }),
    };
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setChecking(true);
    try {
      await checkSsoStart(id, relay);
      // The identity provider's sign-on page: the browser leaves the portal and comes back to #/sso.
      window.location.assign(ssoStartUrl(id, relay));
    } catch (error) {
      setChecking(false);
      if (error instanceof ApiError && error.code === 'provider_invalid')
        setErrors({ providerId: t('sso.providerInvalid') });
      else if (error instanceof ApiError && error.code === 'relay_state_invalid')
        setErrors({ relayState: t('sso.relayStateInvalid') });
      else setFormError(describeError(error, t));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('sso.title')}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('sso.providerId')}
          description={t('sso.providerIdHelp')}
          leftSection={<IconKey size={16} />}
          value={providerId}
          onChange={(event) => {
            setProviderId(event.currentTarget.value);
            setErrors((current) => ({ ...current, providerId: undefined }));
          }}
          error={errors.providerId}
          autoFocus
        />
        <TextInput
          label={t('sso.relayState')}
          description={t('sso.relayStateHelp')}
          value={relayState}
          onChange={(event) => {
            setRelayState(event.currentTarget.value);
            setErrors((current) => ({ ...current, relayState: undefined }));
          }}
          error={errors.relayState}
        />
        <Button type="submit" fullWidth loading={checking}>
          {t('sso.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** `#/sso` (public): start SAML or OpenID Connect sign-in, and land here again when it answers. */
export function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const refreshToken = params.get('refreshToken');
  const relayState = params.get('relayState') ?? '/';
  // The server sends the browser back here when the identity provider's answer was refused.
  const failure = params.get('error') ? (params.get('errorMessage') ?? params.get('error')) : null;
  return (
    <PublicCard title={t('sso.title')} subtitle={refreshToken ? undefined : t('sso.subtitle')}>
      {refreshToken ? (
        <FinishSso refreshToken={refreshToken} relayState={relayState} />
      ) : (
        <Stack gap="md">
          {failure ? (
            <Alert color="red" role="alert" title={t('sso.failedTitle')}>
              {failure}
            </Alert>
          ) : null}
          <StartSso initialRelayState={relayState} />
        </Stack>
      )}
    </PublicCard>
  );
}

export default SsoPage;
