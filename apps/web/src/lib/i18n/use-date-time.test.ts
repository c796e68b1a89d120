import { describe, expect, it } from 'vitest';
import { formatDateTime } from './use-date-time';

describe('formatDateTime', () => {
  it('formats in the given locale and gives a dash for missing or invalid values', () => {
    const value = '2026-03-05T10:30:00Z';
    expect(formatDateTime(value, 'en', 'date')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(value)),
    );
    expect(formatDateTime(value, 'id', 'date')).not.toBe(formatDateTime(value, 'en', 'date'));
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });
});
