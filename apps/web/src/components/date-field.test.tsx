import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { DateField, parseTypedDate } from './date-field';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Day" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('date field', () => {
  it('reads day/month/year and ISO dates, and refuses days that do not exist', () => {
    expect(parseTypedDate('05/11/2026')).toBe('2026-11-05');
    expect(parseTypedDate('5-1-2026')).toBe('2026-01-05');
    expect(parseTypedDate('2026-11-05')).toBe('2026-11-05');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('11/2026')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('shows dd/mm/yyyy in Indonesian and keeps the value as YYYY-MM-DD', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<Harness initial="2026-11-05" />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input.value).toBe('05/11/2026');
    fireEvent.change(input, { target: { value: '07/12/2026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-07');
  });

  it('shows the month by name in English, so the day and month never swap', () => {
    renderWithProviders(<Harness initial="2026-11-05" />);
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('5 Nov 2026');
  });
});
