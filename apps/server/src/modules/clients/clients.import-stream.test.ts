import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AuditActor } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { importClients } from './clients.service.js';

describe('client batch import', () => {
  it('fails the import, instead of ending the process, when the upload breaks off mid-file', async () => {
    const file = new Readable({
      read() {
        this.push('clientName\n');
        this.destroy(new Error('upload aborted'));
      },
    });
    // The stream fails before any row reaches the database.
    await expect(
      importClients({} as Database, {} as AuditActor, file, (async () => {}) as never),
    ).rejects.toThrow('upload aborted');
  }, 5_000);
});
