import type { CreateCampaignRequest } from '@sapa/contracts';
import { actorLabel } from '../../platform/actor.js';
import type { AuditActor } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { addToBlacklist } from '../contacts/index.js';
import { createBatch } from './batches/batches.service.js';
import { findCampaign, findCampaignsByCodeOrName } from './campaigns.repository.js';
import { createCampaign, submitCampaign } from './campaigns.service.js';

type DemoRow = Record<string, string>;
type DemoCampaign = { campaign: CreateCampaignRequest; rows: (day: (offset: number) => string) => DemoRow[] };

const PEOPLE = [
  'Rina Kartika',
  'Budi Santoso',
  'Siti Rahma',
  'Agus Pratama',
  'Dewi Lestari',
  'Joko Susilo',
  'Maya Putri',
  'Hendra Wijaya',
  'Lina Marlina',
  'Rudi Hartono',
  'Fitri Handayani',
  'Yusuf Maulana',
];
const ROWS = 36;
/**
 * A customer of the demo who asked not to be contacted (the 14th number of every phone list): their row
 * is counted as blacklisted at upload and never sent.
 */
const OPTED_OUT_PHONE = '6281299900013';

const nameOf = (index: number) => PEOPLE[index % PEOPLE.length]!;
/** National numbers, as a client's spreadsheet holds them; the param translator makes them international. */
const phoneOf = (index: number) => `08129990${String(index).padStart(4, '0')}`;

/**
 * The rows a demo upload carries: mostly good ones, plus what real files have: a number that is not
 * one, an empty recipient, the same person twice, and the customer who opted out.
 */
function withFlaws(good: DemoRow[], recipientColumn: string, badRecipient: string): DemoRow[] {
  const [first] = good;
  return [
    ...good,
    { ...first!, [recipientColumn]: badRecipient },
    { ...first!, [recipientColumn]: '' },
    { ...first! },
  ];
}

const blast = (
  code: string,
  name: string,
  template: CreateCampaignRequest['template'],
  recipient: { column: string; kind: 'phone' | 'email' | 'text'; of: (index: number) => string; bad: string },
): DemoCampaign => ({
  campaign: {
    code,
    name,
    channel: template.channel,
    type: 'blast',
    template,
    fallbackTemplates: [],
    paramTranslator: {
      recipient: 'to',
      rules: [
        { from: recipient.column, to: 'to', kind: recipient.kind, trim: true, required: true },
        { from: 'Name', to: 'name', kind: 'text', trim: true, required: false, default: 'Pelanggan' },
        { from: 'Order', to: 'order', kind: 'text', trim: true, required: false },
      ],
    },
    retryPlanId: null,
    windowId: null,
    sender: null,
    reminderOffsets: null,
    pdfScript: null,
  },
  rows: () =>
    withFlaws(
      Array.from({ length: ROWS }, (_, index) => ({
        [recipient.column]: recipient.of(index),
        Name: nameOf(index),
        Order: `INV-${2026_1100 + index}`,
      })),
      recipient.column,
      recipient.bad,
    ),
});

const DEMO_CAMPAIGNS: DemoCampaign[] = [
  blast(
    'DEMO-SMS-PROMO',
    'Year-end promo (SMS)',
    { channel: 'SMS', text: 'Halo {{name}}, diskon akhir tahun 30% untuk pesanan {{order}}. Info: sapa.id' },
    { column: 'Phone', kind: 'phone', of: phoneOf, bad: '12345' },
  ),
  blast(
    'DEMO-EMAIL-STATEMENT',
    'Monthly statement (email)',
    {
      channel: 'EMAIL',
      subject: 'Tagihan {{order}} untuk {{name}}',
      html: '<p>Halo {{name}},</p><p>Tagihan <strong>{{order}}</strong> sudah terbit.</p>',
    },
    {
      column: 'Email',
      kind: 'email',
      of: (index) => `pelanggan${index + 1}@example.co.id`,
      bad: 'not-an-address',
    },
  ),
  blast(
    'DEMO-WA-ORDER',
    'Order shipped (WhatsApp)',
    { channel: 'WHATSAPP', name: 'order_update', language: 'id', parameters: ['{{name}}', '{{order}}'] },
    { column: 'Phone', kind: 'phone', of: phoneOf, bad: '0000' },
  ),
  blast(
    'DEMO-TG-NEWS',
    'Store news (Telegram)',
    { channel: 'TELEGRAM', text: 'Halo {{name}}! Pesanan {{order}} sedang dikemas.' },
    { column: 'Chat', kind: 'text', of: (index) => String(700_000_100 + index), bad: 'not a chat' },
  ),
  blast(
    'DEMO-VOICE-REMIND',
    'Delivery call (voice)',
    {
      channel: 'VOICE',
      script: 'Halo {{name}}, pesanan {{order}} akan tiba besok. Terima kasih.',
      language: 'id-ID',
    },
    { column: 'Phone', kind: 'phone', of: phoneOf, bad: '999' },
  ),
  {
    campaign: {
      code: 'DEMO-SMS-COLLECT',
      name: 'Instalment reminder (SMS)',
      channel: 'SMS',
      type: 'collection_reminder',
      template: {
        channel: 'SMS',
        text: 'Yth. {{name}}, angsuran {{amount}} jatuh tempo {{dueDate}}. Abaikan jika sudah membayar.',
      },
      fallbackTemplates: [],
      paramTranslator: {
        recipient: 'to',
        rules: [
          { from: 'Phone', to: 'to', kind: 'phone', trim: true, required: true },
          { from: 'Name', to: 'name', kind: 'text', trim: true, required: false },
          { from: 'Due', to: 'dueDate', kind: 'date', trim: true, required: true, format: 'YYYY-MM-DD' },
          { from: 'Amount', to: 'amount', kind: 'currency', trim: true, required: false, locale: 'id' },
        ],
      },
      retryPlanId: null,
      windowId: null,
      sender: null,
      // The day before, the day itself, and two days late: the batch runs until the last one is due.
      reminderOffsets: [-1, 0, 2],
      pdfScript: null,
    },
    rows: (day) =>
      Array.from({ length: 12 }, (_, index) => ({
        Phone: phoneOf(index),
        Name: nameOf(index),
        Due: day(index % 6),
        Amount: `${(index + 1) * 250}.000`,
      })),
  },
];

/**
 * The Demo Client's campaigns (issue 14 item 15): one per channel and an SMS collection reminder, each
 * with an upload as a client's file would be (a few refused rows, a duplicate, a customer who opted
 * out). Nothing here is an outcome: the running engine sends the batches through the sandbox providers,
 * whose failure rates fail a few, and the reminder's later days keep its batch running.
 */
export async function seedCampaignDemo(db: Database, caller: AuditActor): Promise<{ seeded: boolean }> {
  const { clientId } = caller.actor;
  if ((await findCampaignsByCodeOrName(db, clientId, DEMO_CAMPAIGNS[0]!.campaign.code)).length)
    return { seeded: false };
  await addToBlacklist(db, clientId, {
    phone: OPTED_OUT_PHONE,
    reason: 'Asked by phone not to receive promotions',
    createdBy: actorLabel(caller.actor),
  });
  const today = Date.now();
  // Due dates as the client's calendar writes them (Asia/Jakarta, the demo's zone).
  const day = (offset: number) =>
    new Date(today + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  for (const demo of DEMO_CAMPAIGNS) {
    const created = await createCampaign(db, caller, demo.campaign);
    await submitCampaign(db, caller, created.campaignId);
    const campaign = await findCampaign(db, clientId, created.campaignId);
    if (campaign?.status !== 'active') throw new Error(`demo campaign ${demo.campaign.code} is not active`);
    await createBatch({ db }, caller, { campaign }, demo.rows(day), {
      source: 'upload',
      fileName: `${demo.campaign.code.toLowerCase()}.csv`,
    });
  }
  return { seeded: true };
}
