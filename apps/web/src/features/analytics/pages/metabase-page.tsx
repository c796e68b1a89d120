import '../analytics-i18n';
import {
  Alert,
  Box,
  Button,
  Card,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLIENT_ADMIN_ROLES, MetabaseSettingsSaveSchema } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useMetabaseEmbed, useSaveMetabase } from '../api/analytics-api';

/** The client admins' Metabase settings: address, embedding secret key (write-only) and dashboard. */
function MetabaseSettingsForm({
  siteUrl,
  dashboardId,
  hasKey,
}: {
  siteUrl: string;
  dashboardId: number | null;
  hasKey: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveMetabase();
  const [draft, setDraft] = useState({
    siteUrl,
    secretKey: '',
    dashboardId: dashboardId ?? ('' as number | string),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const body = {
      siteUrl: draft.siteUrl,
      dashboardId: Number(draft.dashboardId) || 0,
      ...(draft.secretKey ? { secretKey: draft.secretKey } : {}),
    };
    const parsed = MetabaseSettingsSaveSchema.safeParse(body);
    const found: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues)
      found[String(issue.path[0])] = t(`analytics.metabase.${String(issue.path[0])}Invalid`);
    if (!hasKey && !draft.secretKey) found.secretKey = t('analytics.metabase.secretKeyInvalid');
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('analytics.metabase.saved') });
        setDraft((current) => ({ ...current, secretKey: '' }));
      },
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    });
  };
  return (
    <Card withBorder padding="md" maw={560}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('analytics.metabase.settings')}
          </Title>
          <TextInput
            label={t('analytics.metabase.siteUrl')}
            placeholder="https://metabase.example.com"
            required
            maxLength={500}
            value={draft.siteUrl}
            onChange={(event) => setDraft({ ...draft, siteUrl: event.currentTarget.value })}
            error={errors.siteUrl}
          />
          <PasswordInput
            label={t('analytics.metabase.secretKey')}
            description={hasKey ? t('analytics.metabase.secretKeyKeep') : undefined}
            required={!hasKey}
            maxLength={200}
            autoComplete="off"
            value={draft.secretKey}
            onChange={(event) => setDraft({ ...draft, secretKey: event.currentTarget.value })}
            error={errors.secretKey}
          />
          <NumberInput
            label={t('analytics.metabase.dashboardId')}
            required
            min={1}
            allowDecimal={false}
            value={draft.dashboardId}
            onChange={(dashboardId) => setDraft({ ...draft, dashboardId })}
            error={errors.dashboardId}
            w={200}
          />
          <Box>
            <Button type="submit" loading={save.isPending}>
              {t('analytics.metabase.save')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Card>
  );
}

/** `/analytics/metabase`: the client's Metabase dashboard through a signed embed, or how to set one up. */
export function MetabasePage() {
  const { t } = useTranslation();
  const role = useSessionStore((state) => state.session?.role);
  const admin = Boolean(role && CLIENT_ADMIN_ROLES.includes(role));
  const embed = useMetabaseEmbed();
  return (
    <>
      <PageHeader title={t('pages.metabase')} description={t('analytics.metabase.intro')} />
      <QueryState
        data={embed.data}
        loading={embed.isLoading}
        error={embed.error}
        onRetry={() => embed.refetch()}
      >
        {(data) => (
          <Stack gap="md">
            {data.configured ? (
              <Box
                component="iframe"
                src={data.embedUrl}
                title={t('analytics.metabase.frameTitle')}
                style={{
                  width: '100%',
                  height: 800,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 8,
                }}
              />
            ) : (
              <Alert color="blue" title={t('analytics.metabase.notConfiguredTitle')} role="status">
                <Stack gap="xs">
                  <Text size="sm">{t('analytics.metabase.howTo')}</Text>
                  {admin ? null : <Text size="sm">{t('analytics.metabase.askAdmin')}</Text>}
                </Stack>
              </Alert>
            )}
            {admin ? (
              <MetabaseSettingsForm
                key={data.configured ? `${data.siteUrl}-${data.dashboardId}` : 'new'}
                siteUrl={data.configured ? data.siteUrl : ''}
                dashboardId={data.configured ? data.dashboardId : null}
                hasKey={data.configured}
              />
            ) : null}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
