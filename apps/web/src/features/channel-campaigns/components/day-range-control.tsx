import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DAY_PRESETS, type DayPreset } from './day-range';
import '../channel-campaigns-i18n';

/** Today, the last 7 or the last 30 local days. */
export function DayRangeControl({
  value,
  onChange,
}: {
  value: DayPreset;
  onChange: (value: DayPreset) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('channelCampaigns.range.label')}
      value={value}
      onChange={(chosen) => onChange(chosen as DayPreset)}
      w="fit-content"
      data={DAY_PRESETS.map((preset) => ({ value: preset, label: t(`channelCampaigns.range.${preset}`) }))}
    />
  );
}
