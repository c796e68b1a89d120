import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { CsConfigForm } from '../components/cs-config-form';
import { useCsConfigEditor } from '../hooks/use-cs-config-editor';

/** `/config/CS`: the client's customer-service configuration (spec §3), saved as one object. */
export function CsConfigPage() {
  const { t } = useTranslation();
  const editor = useCsConfigEditor();
  const { configuration } = editor;

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
            key={editor.formKey(data.clientId)}
            initial={data.config}
            saving={editor.saving}
            readOnly={editor.readOnly}
            formError={editor.formError}
            onSubmit={(config) => editor.submit(config)}
          />
        )}
      </QueryState>
    </>
  );
}
