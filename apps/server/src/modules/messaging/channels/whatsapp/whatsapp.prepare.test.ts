import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX, settleAll } from '../../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../../test/test-app.js';
import type { OutboundContent } from '../../channel.ports.js';
import { prepareWhatsapp } from './whatsapp.prepare.js';

const template: OutboundContent = {
  kind: 'template',
  templateName: 'tagihan',
  language: 'id',
  parameters: [],
};

describe('WhatsApp prepare: recipients and content checked in the request', () => {
  it('normalises a written number to international digits and keeps a business-scoped id as given', () => {
    expect(prepareWhatsapp({ recipient: '0812 7100 0101', content: template }).recipient).toBe(
      '6281271000101',
    );
    expect(prepareWhatsapp({ recipient: '+62 812-7100-0101', content: template }).recipient).toBe(
      '6281271000101',
    );
    expect(prepareWhatsapp({ recipient: ' ID.1502346789012345 ', content: template }).recipient).toBe(
      'ID.1502346789012345',
    );
  });

  it('refuses what no WhatsApp user can be, and content WhatsApp does not send', () => {
    const refusal = (request: Parameters<typeof prepareWhatsapp>[0]) => {
      try {
        prepareWhatsapp(request);
        return null;
      } catch (error) {
        return [(error as { statusCode: number }).statusCode, (error as { code: string }).code];
      }
    };
    expect(refusal({ recipient: 'not-a-number', content: template })).toEqual([422, 'invalid_recipient']);
    expect(refusal({ recipient: '12', content: template })).toEqual([422, 'invalid_recipient']);
    expect(refusal({ recipient: '+999 1234 5678', content: template })).toEqual([422, 'invalid_recipient']);
    expect(refusal({ recipient: '6281271000102', content: { kind: 'text', text: '  ' } })).toEqual([
      422,
      'message_empty',
    ]);
    expect(
      refusal({ recipient: '6281271000102', content: { kind: 'text', text: 'x'.repeat(4097) } }),
    ).toEqual([422, 'message_too_long']);
    expect(
      refusal({
        recipient: '6281271000102',
        content: { kind: 'template', templateName: '', language: 'id', parameters: [] },
      }),
    ).toEqual([422, 'message_empty']);
    expect(
      refusal({
        recipient: '6281271000102',
        content: { kind: 'sms', text: 'Hi', segments: 1, encoding: 'GSM-7' },
      }),
    ).toEqual([422, 'content_not_supported']);
  });
});

describe('WhatsApp self-service: the recipients are checked before anything is queued', () => {
  let sapa: TestApp;
  let uso: LoggedIn;
  const send = (payload: object) =>
    sapa.app.inject({ method: 'POST', url: '/api/self-service/messages', headers: uso.headers, payload });
  const whatsapp = (recipients: string[]) => ({
    channel: 'WHATSAPP',
    recipients,
    template: { name: 'pengingat_tagihan', language: 'id', parameters: ['Budi'] },
  });

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { sandbox: QUICK_SANDBOX });
    uso = await logIn(sapa.app, 'uso@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('names a wrong recipient in a 422 and queues none of the list', async () => {
    const refused = await send(whatsapp(['0812 7100 0201', 'Budi']));
    expect([refused.statusCode, errorCode(refused)]).toEqual([422, 'invalid_recipients']);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ path: 'recipients.1' })]);
    const history = await sapa.app.inject({
      method: 'GET',
      url: '/api/self-service/history?channel=WHATSAPP',
      headers: uso.headers,
    });
    expect(history.json().total).toBe(0);
  });

  it('sends a written number once, as its international digits', async () => {
    const sent = await send(whatsapp(['0812 7100 0202', '+62 812-7100-0202']));
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ recipients: 1 });
    await sapa.dispatcher.drain();
    await settleAll(sapa);
    const history = await sapa.app.inject({
      method: 'GET',
      url: '/api/self-service/history?channel=WHATSAPP',
      headers: uso.headers,
    });
    expect(history.json().items).toEqual([
      expect.objectContaining({ recipient: '6281271000202', preview: 'pengingat_tagihan' }),
    ]);
  });
});
