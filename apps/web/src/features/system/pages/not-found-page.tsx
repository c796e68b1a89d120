import { useTranslation } from 'react-i18next';
import { ErrorPageLayout } from './error-page-layout';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      code="404"
      title={t('notFound.title')}
      body={t('notFound.body')}
      homeLabel={t('notFound.home')}
    />
  );
}

export default NotFoundPage;
