import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const PAGES = [
  ['/report/query', 'query'],
  ['/report/reportPage', 'reportPage'],
  ['/report/notificationHistory', 'notificationHistory'],
  ['/report/download', 'download'],
] as const;

/** The report area's pages side by side, carrying the chosen filters from one to the next. */
export function ReportNav({ search = '' }: { search?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap={4} mb="md" role="navigation" aria-label={t('areas.report')}>
      {PAGES.map(([path, page]) => (
        <Button
          key={path}
          component={Link}
          to={search && path !== '/report/download' ? `${path}?${search}` : path}
          size="xs"
          variant={pathname === path || (pathname === '/report' && page === 'query') ? 'filled' : 'subtle'}
        >
          {t(`pages.${page}`)}
        </Button>
      ))}
    </Group>
  );
}
