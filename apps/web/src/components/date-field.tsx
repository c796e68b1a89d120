import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/id';
import { useTranslation } from 'react-i18next';

/** How each interface language writes a date: Indonesian day/month/year, English without ambiguity. */
const FORMATS: Record<string, { display: string; placeholder: string }> = {
  id: { display: 'DD/MM/YYYY', placeholder: 'hh/bb/tttt' },
  en: { display: 'D MMM YYYY', placeholder: 'dd/mm/yyyy' },
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A typed date as `YYYY-MM-DD`, or null: day/month/year with `/`, `-` or `.`, or the ISO form; a day
 * that does not exist (31/02) is refused rather than rolled over.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const parts = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : dmy
      ? { year: Number(dmy[3]), month: Number(dmy[2]), day: Number(dmy[1]) }
      : null;
  if (!parts) return null;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (date.getUTCMonth() !== parts.month - 1 || date.getUTCDate() !== parts.day) return null;
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'maxDate' | 'minDate'> & {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Latest day allowed, `YYYY-MM-DD`. */
  max?: string;
};

/**
 * A date field that shows and reads dates as the interface language writes them (dd/mm/yyyy in
 * Indonesian), with a calendar in that language; the value stays `YYYY-MM-DD` for the API.
 */
export function DateField({ value, onChange, max, ...rest }: DateFieldProps) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';
  const format = FORMATS[locale] ?? FORMATS.en!;
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      locale={locale}
      valueFormat={format.display}
      placeholder={rest.placeholder ?? format.placeholder}
      dateParser={parseTypedDate}
      maxDate={max}
      clearable
    />
  );
}
