import { Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import type { WindowInput } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { rangesToWeek, WeekGrid, weekToRanges } from './week-grid';

const ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Singapore', 'UTC'];

export type WindowEditorProps = { value: WindowInput; onChange: (value: WindowInput) => void };

/** A sending window: its name, time zone, the week as a grid, and blackout dates. */
export function WindowEditor({ value, onChange }: WindowEditorProps) {
  const { t } = useTranslation();
  const zones = ZONES.includes(value.timeZone) ? ZONES : [value.timeZone, ...ZONES];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('notification.window.name')}
          value={value.name}
          required
          onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
        />
        <Select
          label={t('notification.window.timeZone')}
          value={value.timeZone}
          allowDeselect={false}
          searchable
          data={zones}
          onChange={(timeZone) => timeZone && onChange({ ...value, timeZone })}
        />
      </SimpleGrid>
      <WeekGrid
        value={rangesToWeek(value.ranges)}
        onChange={(week) => onChange({ ...value, ranges: weekToRanges(week) })}
      />
      <TagsInput
        label={t('notification.window.blackout')}
        description={t('notification.window.blackoutHelp')}
        placeholder="2026-12-25"
        value={value.blackoutDates}
        onChange={(blackoutDates) => onChange({ ...value, blackoutDates })}
      />
    </Stack>
  );
}
