import '../report-i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { defaultReportForm, formFromSearch, toFilters, validateReportForm } from './report-filters';
import { ReportFiltersForm } from './report-filters-form';

const TODAY = '2026-11-27';

describe('report query form', () => {
  it("starts on today's days, 'Newest - Oldest', every channel, and builds the report's filters", async () => {
    const show = vi.fn();
    const generate = vi.fn();
    renderWithProviders(
      <ReportFiltersForm
        initial={defaultReportForm(TODAY)}
        campaigns={[{ value: '0190a000-0000-7000-8000-0000000000aa', label: 'BILL-1 — Bills' }]}
        today={TODAY}
        actions={[
          { label: 'Show figures', primary: true, run: show },
          { label: 'Generate report', run: generate },
        ]}
      />,
    );
    expect((screen.getByDisplayValue('Newest - Oldest') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByPlaceholderText('Every channel') as HTMLInputElement).value).toBe('');
    expect((screen.getByPlaceholderText('Every campaign') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect(generate).toHaveBeenCalledTimes(1);
    expect(toFilters(generate.mock.calls[0]![0])).toEqual({
      sort: 'newest',
      startDate: TODAY,
      endDate: TODAY,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('refuses a range that ends before it starts, saying so under the end date, and asks nothing', async () => {
    const show = vi.fn();
    renderWithProviders(
      <ReportFiltersForm
        initial={{ ...defaultReportForm(TODAY), startDate: '2026-11-20', endDate: '2026-11-10' }}
        campaigns={null}
        today={TODAY}
        actions={[{ label: 'Show figures', primary: true, run: show }]}
      />,
    );
    // A reader who may not list campaigns filters without them.
    expect(screen.queryByPlaceholderText('Every campaign')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();
  });

  it('checks the days as the server does: required, in order, at most 366 days', () => {
    const form = defaultReportForm(TODAY);
    expect(validateReportForm(form)).toEqual({});
    expect(validateReportForm({ ...form, startDate: '' })).toEqual({ startDate: 'required' });
    expect(validateReportForm({ ...form, startDate: '2025-11-26' })).toEqual({ endDate: 'tooLong' });
    expect(validateReportForm({ ...form, startDate: '2025-11-27' })).toEqual({});
  });

  it("reads a link's filters and leaves out what is not one", () => {
    const form = formFromSearch(
      new URLSearchParams('channel=SMS&status=busy&startDate=2026-11-01&sort=oldest&campaignId=x'),
      TODAY,
    );
    expect(toFilters(form)).toEqual({
      channel: 'SMS',
      status: 'busy',
      startDate: '2026-11-01',
      endDate: '2026-11-01',
      sort: 'oldest',
      campaignId: 'x',
    });
    expect(
      toFilters(formFromSearch(new URLSearchParams('channel=FAX&status=%00&startDate=soon'), TODAY)),
    ).toEqual({ sort: 'newest', startDate: TODAY, endDate: TODAY });
  });
});
