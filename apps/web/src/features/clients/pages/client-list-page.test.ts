import { describe, expect, it } from 'vitest';
import { batchReportOf } from './client-list-page';

describe('client batch report', () => {
  it('shows every row: created ones with their admin’s temporary password, failed ones with each problem', () => {
    const report = batchReportOf(
      {
        created: 1,
        failed: 1,
        rows: [
          {
            row: 2,
            clientName: 'Toko Maju',
            outcome: 'created',
            clientId: 'client-9',
            adminEmail: 'budi@toko.test',
            temporaryPassword: 'Tmp#1',
            errors: [],
          },
          {
            row: 3,
            clientName: null,
            outcome: 'failed',
            clientId: null,
            adminEmail: null,
            temporaryPassword: null,
            errors: [
              { field: 'clientName', message: 'Enter the client name' },
              { field: 'adminEmail', message: 'Enter a valid email address' },
            ],
          },
        ],
      },
      'Temporary password',
    );

    expect(report).toEqual({
      total: 2,
      succeeded: 1,
      failed: 1,
      rows: [
        { row: 2, label: 'Toko Maju · budi@toko.test · Temporary password: Tmp#1', ok: true, error: null },
        {
          row: 3,
          label: null,
          ok: false,
          error: 'clientName: Enter the client name; adminEmail: Enter a valid email address',
        },
      ],
    });
  });
});
