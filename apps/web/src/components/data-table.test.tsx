import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { renderWithProviders } from '../test/render';
import { DataTable, type DataTableColumn } from './data-table';

type Agent = { id: string; name: string };
const columns: DataTableColumn<Agent>[] = [{ key: 'name', header: 'Name', render: (row) => row.name }];
const agents = Array.from({ length: 3 }, (_, index) => ({ id: `a${index}`, name: `Agent ${index}` }));

describe('data table', () => {
  it('shows the rows, reports a row click and pages through the total', async () => {
    const onRowClick = vi.fn();
    const onPageChange = vi.fn();
    renderWithProviders(
      <DataTable
        label="Agents"
        columns={columns}
        rows={agents}
        rowKey={(row) => row.id}
        emptyText="No agents yet"
        onRowClick={onRowClick}
        pagination={{ page: 1, pageSize: 3, total: 7, onPageChange }}
      />,
    );
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Agents' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('1–3 of 7')).toBeTruthy();

    await user.click(screen.getByText('Agent 1'));
    expect(onRowClick).toHaveBeenCalledWith(agents[1]);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('says why it is empty, shows the loader first, and offers a retry on error', async () => {
    const onRetry = vi.fn();
    const loading = renderWithProviders(
      <DataTable
        label="Agents"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.id}
        emptyText="No agents yet"
        loading
      />,
    );
    expect(screen.getByLabelText('Loading…')).toBeTruthy();

    loading.unmount();
    const empty = renderWithProviders(
      <DataTable
        label="Agents"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyText="No agents yet"
      />,
    );
    expect(await screen.findByText('No agents yet')).toBeTruthy();

    empty.unmount();
    renderWithProviders(
      <DataTable
        label="Agents"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.id}
        emptyText="No agents yet"
        error={new ApiError(403, 'forbidden', 'You may not list agents')}
        onRetry={onRetry}
      />,
    );
    expect(await screen.findByText('You may not list agents')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
