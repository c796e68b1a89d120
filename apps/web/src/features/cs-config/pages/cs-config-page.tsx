import { notifications } from '@mantine/notifications';
import { CS_CONFIG_ROLES } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import { useCsConfiguration, useSaveCsConfiguration } from '../api/cs-config-api';
import { CsConfigForm } from '../components/cs-config-form';

/** `/config/CS`: the client's customer-service configuration (spec §3), saved as one object. */
export function CsConfigPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const configuration = useCsConfiguration(clientId);
  const save = useSaveCsConfiguration(clientId);
  const problems = useServerFieldErrors();
  // Bumped by each save: the form starts again from what was stored, but a background refetch does
  // not throw away what the user is typing.
  const [saves, setSaves] = useState(0);

  return (
    <>
      <PageHeader title={t('pages.csConfig')} description={t('csConfig.help')} />
      <QueryState
        data={configuration.data}
        loading={configuration.isLoading}
        error={configuration.error}
        onRetry={() => void configuration.refetch()}
      >
        {(data) => (
          <CsConfigForm
            // A fresh form after each save or client switch, so it starts from what is stored.
            key={`${data.clientId}:${saves}`}
            initial={data.config}
            saving={save.isPending}
            readOnly={!role || !CS_CONFIG_ROLES.includes(role)}
            formError={problems.formError}
            onSubmit={(config) => {
              problems.clear();
              save.mutate(config, {
                onSuccess: () => {
                  setSaves((count) => count + 1);
                  notifications.show({ color: 'green', message: t('csConfig.saved') });
                },
                onError: (error) => problems.show(error),
              });
            }}
          />
        )}
      </QueryState>
    </>
  );
}
