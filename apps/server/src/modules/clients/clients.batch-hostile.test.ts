import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';

/** The client batch import reads CSV cells as text: a NUL byte fails its row, never the whole file (issue 11). */
describe('client batch import of hostile cells', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('reports a row with a NUL byte as failed, naming its fields, and keeps the rows created before it', async () => {
    const { payload, contentType } = multipartFile(
      'clients.csv',
      [
        'clientName,clientBizType,features,mainFeature,logTypes,timezone,adminName,adminEmail',
        'Clean Co,Retail,SMS,SMS,LOGIN,Asia/Jakarta,Budi,budi@clean-batch.example',
        'Nul\u0000Co,Retail,SMS,SMS,LOGIN,Asia/Jakarta,Bu\u0000di,dewi@nul-batch.example',
      ].join('\n'),
    );
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/clients/batch',
      headers: { ...sad.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 1, failed: 1 });
    expect(report.rows[0]).toMatchObject({ outcome: 'created', clientName: 'Clean Co' });
    expect(report.rows[0].temporaryPassword).toEqual(expect.any(String));
    expect(report.rows[1]).toMatchObject({ outcome: 'failed', clientId: null });
    expect(report.rows[1].errors.map((error: { field: string }) => error.field)).toEqual([
      'clientName',
      'adminName',
    ]);
  });
});
