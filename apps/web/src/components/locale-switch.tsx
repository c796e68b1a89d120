import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, getCurrentLocale, isLocale, LOCALES } from '../lib/i18n';

type LocaleSwitchProps = { size?: 'xs' | 'sm' | 'md' };

/** Switches between English and Indonesian; the choice is kept in localStorage. */
export function LocaleSwitch({ size = 'sm' }: LocaleSwitchProps) {
  const { t, i18n } = useTranslation();
  const value = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : getCurrentLocale();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('locale.label')}
      value={value}
      onChange={(next) => {
        if (isLocale(next)) void changeLocale(next);
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`locale.${locale}`) }))}
    />
  );
}
