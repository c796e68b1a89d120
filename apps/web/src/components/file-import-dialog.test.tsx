import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session';
import { jsonResponse, mockFetch, signBody } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { buildSession } from '../test/session-fixture';
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

function renderDialog(onImported = vi.fn()) {
  renderWithProviders(
    <FileImportDialog<AgentImport>
      opened
      onClose={() => undefined}
      title="Import agents"
      description="Columns: csName, email"
      uploadPath="/api/cs/customerService/import"
      maxSizeMb={1}
      toReport={toReport}
      onImported={onImported}
    />,
  );
  return { onImported, input: document.querySelector('input[type="file"]') as HTMLInputElement };
}

beforeEach(() => {
  useSessionStore.setState({ session: buildSession(), csrfToken: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const { requests } = mockFetch(() => jsonResponse(200, signBody(answer, 'integrity-key-1')));
    const { onImported, input } = renderDialog();
    const user = userEvent.setup();

    await user.upload(input, new File(['csName,email\n'], 'agents.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('1 of 2 rows imported, 1 failed')).toBeTruthy();
    expect(screen.getByText('email is not valid')).toBeTruthy();
    expect(screen.getByText('a@demo.test')).toBeTruthy();
    expect(requests[0]?.path).toBe('/api/cs/customerService/import');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('refuses a file over the size limit before sending anything', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    const { input } = renderDialog();
    const user = userEvent.setup();

    await user.upload(input, new File(['x'.repeat(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));

    expect(await screen.findByText('The file is larger than 1 MB')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toHaveLength(0);
  });
});
