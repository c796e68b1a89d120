import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WHATSAPP_TEMPLATE_WRITE_ROLES } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { useCreateTemplate } from '../api/create-template';
import { useWhatsappNumbers } from '../api/list-numbers';
import { TemplateForm } from '../components/template-form';
import '../whatsapp-templates-i18n';

/** `/whatsapp/createtemplate`: a new template, submitted to Meta's review by a job. */
export function CreateTemplatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const admin = Boolean(
    session && (WHATSAPP_TEMPLATE_WRITE_ROLES as readonly string[]).includes(session.role),
  );
  const numbers = useWhatsappNumbers(clientId, admin);
  const create = useCreateTemplate(clientId);

  return (
    <>
      <PageHeader title={t('whatsappTemplates.form.title')} description={t('whatsappTemplates.form.help')} />
      {!admin ? (
        <Alert color="blue">{t('whatsappTemplates.list.adminsOnly')}</Alert>
      ) : (
        <QueryState
          data={numbers.data}
          loading={numbers.isLoading}
          error={numbers.error}
          onRetry={() => void numbers.refetch()}
          isEmpty={(data) => data.length === 0}
          emptyText={t('whatsappTemplates.list.noNumbers')}
        >
          {(data) => (
            <TemplateForm
              numbers={data}
              submitting={create.isPending}
              serverError={create.error}
              onCancel={() => navigate('/whatsapp/template')}
              onSubmit={(draft) =>
                create.mutate(draft, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('whatsappTemplates.form.created') });
                    navigate('/whatsapp/template');
                  },
                })
              }
            />
          )}
        </QueryState>
      )}
    </>
  );
}
