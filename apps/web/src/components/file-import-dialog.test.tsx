import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FileImportDialog, type ImportReportView } from './file-import-dialog';

type AgentImport = {
  total: number;
  succeeded: number;
  failed: number;
  rows: { row: number; email: string | null; ok: boolean; error: string | null }[];
};
const toReport = (result: AgentImport): ImportReportView => ({
  ...result,
  rows: result.rows.map((row) => ({ row: row.row, label: row.email, ok: row.ok, error: row.error })),
});

function renderDialog(upload: (file: File) => Promise<AgentImport>, onImported = vi.fn()) {
  renderWithProviders(
    <FileImportDialog<AgentImport>
      opened
      onClose={() => undefined}
      title="Import agents"
      description="Columns: csName, email"
      upload={upload}
      maxSizeMb={1}
      toReport={toReport}
      onImported={onImported}
    />,
  );
  return { onImported, input: document.querySelector('input[type="file"]') as HTMLInputElement };
}

describe('file import dialog', () => {
  it('uploads the chosen CSV and shows the result of every row', async () => {
    const answer: AgentImport = {
      total: 2,
      succeeded: 1,
      failed: 1,
      rows: [
        { row: 2, email: 'a@demo.test', ok: true, error: null },
        { row: 3, email: 'nope', ok: false, error: 'email is not valid' },
      ],
    };
    const upload = vi.fn(async (_file: File) => answer);
    const { onImported, input } = renderDialog(upload);
    const user = userEvent.setup();
    const file = new File(['csName,email\n'], 'agents.csv', { type: 'text/csv' });

    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('1 of 2 rows imported, 1 failed')).toBeTruthy();
    expect(screen.getByText('email is not valid')).toBeTruthy();
    expect(screen.getByText('a@demo.test')).toBeTruthy();
    expect(upload).toHaveBeenCalledWith(file);
    expect(onImported).toHaveBeenCalledWith(answer);
  });

  it('follows an import written by a job: shows its progress, then the report', async () => {
    type JobImport = AgentImport & { status: string; progress: number };
    const state = (status: string, progress: number, succeeded: number): JobImport => ({
      total: 3,
      succeeded,
      failed: 1,
      status,
      progress,
      rows: [{ row: 4, email: 'nope', ok: false, error: 'email is not valid' }],
    });
    const polled: JobImport[] = [state('running', 50, 1), state('done', 100, 2)];
    const refresh = vi.fn(async () => polled.shift()!);
    renderWithProviders(
      <FileImportDialog<JobImport>
        opened
        onClose={() => undefined}
        title="Import customers"
        description="Columns: phoneNumber"
        upload={async () => state('queued', 0, 0)}
        maxSizeMb={1}
        toReport={toReport}
        follow={{
          progressOf: (result) => (result.status === 'done' ? null : result.progress),
          refresh,
        }}
      />,
    );
    const user = userEvent.setup();
    await user.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['phoneNumber\n'], 'customers.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Importing… 0% written')).toBeTruthy();
    expect(await screen.findByText('Importing… 50% written', undefined, { timeout: 3000 })).toBeTruthy();
    expect(
      await screen.findByText('2 of 3 rows imported, 1 failed', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refuses a file over the size limit before sending anything', async () => {
    const upload = vi.fn();
    const { input } = renderDialog(upload);
    const user = userEvent.setup();

    await user.upload(input, new File(['x'.repeat(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));

    expect(await screen.findByText('The file is larger than 1 MB')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(upload).not.toHaveBeenCalled();
  });
});
