import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useAgentChoices, useAgentTags } from '../api/cs-agents-api';
import { EMPTY_HISTORY_FILTERS, type HistoryFilters, useRoomCategories } from '../api/cs-history-api';
import '../cs-admin-i18n';

export type HistoryFiltersFormProps = {
  initial: HistoryFilters;
  /** Agents (chat role CS) see only their own rooms: the agent filters would change nothing. */
  ownRoomsOnly: boolean;
  onApply: (filters: HistoryFilters) => void;
};

/** Every filter of the chat history; applied together with "Search" so typing does not fire a query per key. */
export function HistoryFiltersForm({ initial, ownRoomsOnly, onApply }: HistoryFiltersFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const agents = useAgentChoices(!ownRoomsOnly);
  const tags = useAgentTags();
  const categories = useRoomCategories();
  const rangeWrong = Boolean(values.startDate && values.endDate && values.startDate > values.endDate);

  const set = (field: keyof HistoryFilters, value: string | null) =>
    setValues((current) => ({ ...current, [field]: value ?? '' }));
  const text = (field: keyof HistoryFilters) => ({
    label: t(`csAdmin.history.filters.${field}`),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rangeWrong) return;
    onApply(values);
  };

  return (
    <form onSubmit={submit} aria-label={t('csAdmin.history.filters.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...text('shortId')} inputMode="numeric" />
        <TextInput {...text('name')} />
        <TextInput {...text('customerPhoneNumber')} inputMode="tel" />
        <TextInput {...text('remarks')} />
        {ownRoomsOnly ? null : (
          <>
            <Select
              label={t('csAdmin.history.filters.csId')}
              placeholder={t('csAdmin.history.filters.any')}
              data={(agents.data ?? []).map((agent) => ({ value: agent.csId, label: agent.name }))}
              value={values.csId || null}
              onChange={(value) => set('csId', value)}
              searchable
              clearable
            />
            <TextInput {...text('csEmail')} type="email" />
          </>
        )}
        <TextInput {...text('closedBy')} />
        <Select
          label={t('csAdmin.history.filters.csTag')}
          placeholder={t('csAdmin.history.filters.any')}
          data={tags.data ?? []}
          value={values.csTag || null}
          onChange={(value) => set('csTag', value)}
          searchable
          clearable
        />
        <Select
          label={t('csAdmin.history.filters.categoryName')}
          placeholder={t('csAdmin.history.filters.any')}
          data={[...new Set((categories.data ?? []).map((category) => category.name))]}
          value={values.categoryName || null}
          onChange={(value) => set('categoryName', value)}
          searchable
          clearable
        />
        <TextInput {...text('mediaPlatform')} placeholder="whatsapp" />
        <DateField
          label={t('csAdmin.history.filters.startDate')}
          value={values.startDate}
          onChange={(value) => set('startDate', value)}
        />
        <DateField
          label={t('csAdmin.history.filters.endDate')}
          value={values.endDate}
          onChange={(value) => set('endDate', value)}
          error={rangeWrong ? t('csAdmin.history.filters.rangeWrong') : undefined}
        />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit" leftSection={<IconSearch size={16} />} disabled={rangeWrong}>
          {t('csAdmin.history.filters.apply')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            setValues(EMPTY_HISTORY_FILTERS);
            onApply(EMPTY_HISTORY_FILTERS);
          }}
        >
          {t('csAdmin.history.filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
