import { notifications } from '@mantine/notifications';
import { CS_CONFIG_ROLES, type CsConfig } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import { useCsConfiguration, useSaveCsConfiguration } from '../api/cs-config-api';

/**
 * What a page editing the CS configuration needs: the stored configuration, a save of some of its
 * fields (PUT merges them, the rest stays as stored), the server's problems, whether the role may
 * edit, and a form key that changes with each save and client switch — so the form starts again from
 * what was stored, while a background refetch does not throw away what the user is typing.
 */
export function useCsConfigEditor() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const configuration = useCsConfiguration(clientId);
  const save = useSaveCsConfiguration(clientId);
  const problems = useServerFieldErrors();
  const [saves, setSaves] = useState(0);

  function submit(fields: Partial<CsConfig>) {
    problems.clear();
    save.mutate(fields, {
      onSuccess: () => {
        setSaves((count) => count + 1);
        notifications.show({ color: 'green', message: t('csConfig.saved') });
      },
      onError: (error) => problems.show(error),
    });
  }

  return {
    configuration,
    saving: save.isPending,
    formError: problems.formError,
    readOnly: !role || !CS_CONFIG_ROLES.includes(role),
    formKey: (storedClientId: string) => `${storedClientId}:${saves}`,
    submit,
  };
}
