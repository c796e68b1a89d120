import { useTranslation } from 'react-i18next';
import { ErrorPageLayout } from './error-page-layout';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      code="500"
      title={t('serverError.title')}
      body={t('serverError.body')}
      homeLabel={t('serverError.home')}
    />
  );
}

export default ServerErrorPage;
