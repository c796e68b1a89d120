import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded screen arrives. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
