import type { RoleCode } from '@sapa/contracts';
import { newId } from '../../lib/ids.js';
import type { UserActor } from '../../platform/actor.js';
import type { Database } from '../../platform/database.js';
import { insertTagList, saveCustomer } from '../contacts/index.js';
import { unsafeFindUserByEmail } from '../identity/index.js';
import { findAgent } from './agents/agents.repository.js';
import { createAgent } from './agents/agents.service.js';
import { insertMessage } from './chat/chat.repository.js';
import { saveConfiguration } from './configuration/configuration.service.js';
import { createCustomerAccess } from './customer-access.js';
import { createInboxPort } from './inbox-port.js';
import { findLiveRoom, insertCategory, recordMessageOnRoom, updateRoom } from './rooms/rooms.repository.js';
import { closeRoom, setRoomCategory, transferRoom } from './rooms/rooms.service.js';

/** A demo user as an actor; the seed acts through the same services people use. */
async function demoUser(db: Database, email: string): Promise<UserActor> {
  const user = await unsafeFindUserByEmail(db, email);
  if (!user) throw new Error(`demo user ${email} is missing`);
  return {
    kind: 'user',
    userId: user.id,
    sessionId: newId(),
    homeClientId: user.clientId,
    clientId: user.clientId,
    role: user.role as RoleCode,
    name: user.name,
    email: user.email,
    chatRole: user.chatRole,
    csId: user.csId,
    features: 0,
  };
}

const CUSTOMERS = [
  {
    phoneNumber: '6281234500001',
    name: 'Rina Kartika',
    tags: ['vip'],
    userData: { city: 'Bandung', memberSince: '2023' },
  },
  { phoneNumber: '6281234500002', name: 'Budi Santoso', tags: ['billing'], userData: { city: 'Surabaya' } },
  { phoneNumber: '6281234500003', name: 'Siti Rahma', tags: [], userData: { city: 'Jakarta Selatan' } },
  { phoneNumber: '6281234500004', name: 'Agus Pratama', tags: ['sales'], userData: { city: 'Medan' } },
];

const CONVERSATIONS = [
  {
    phone: '6281234500001',
    agent: 'usc@demo.test',
    customer: ['Halo kak, pesanan saya INV-20931 belum sampai', 'Sudah 5 hari sejak dikirim'],
    reply:
      'Mohon maaf atas keterlambatannya, Kak Rina. Paket sedang di gudang Bandung dan dikirim besok pagi.',
    category: 'Delivery',
    remarks: 'Resolved: courier delay, ETA given',
  },
  {
    phone: '6281234500002',
    agent: 'usc@demo.test',
    customer: ['Saya ditagih dua kali untuk bulan ini'],
    reply:
      'Terima kasih infonya, Pak Budi. Tagihan ganda sudah kami batalkan, dana kembali dalam 3 hari kerja.',
    category: 'Payment',
    remarks: 'Refund of duplicate charge',
  },
  {
    phone: '6281234500004',
    agent: 'use@demo.test',
    customer: ['Apakah ada diskon untuk pembelian 50 unit?'],
    reply: 'Ada, Pak Agus: 12% untuk 50 unit ke atas. Saya kirimkan penawaran resminya lewat email.',
    category: 'Product question',
    remarks: 'Quote sent for bulk order',
  },
];

/**
 * The Demo Client's inbox: USC and USE users become CS agents with tags and weights, USV their
 * supervisor, automatic assignment on, a few customers, and closed conversations in history. Every
 * row goes through the inbox's own services.
 */
export async function seedInboxDemo(db: Database, clientId: string) {
  const adminActor = await demoUser(db, 'adc@demo.test');
  if (adminActor.clientId !== clientId) throw new Error('the demo admin belongs to another client');
  if (await findAgent(db, clientId, { email: 'usc@demo.test', kind: 'cs' })) return { seeded: false };
  await saveConfiguration(db, adminActor, {
    autoAssignTicket: true,
    strategy: 'weighted',
    isDisplayingUserData: true,
    userDataDisplay: ['city'],
  });
  await createAgent(db, adminActor, 'cs', {
    name: 'Ayu Lestari',
    email: 'usc@demo.test',
    tags: ['billing', 'general'],
    percentageWeight: 60,
    capacity: 8,
  });
  await createAgent(db, adminActor, 'cs', {
    name: 'Eko Wibowo',
    email: 'use@demo.test',
    tags: ['sales', 'general'],
    percentageWeight: 40,
    capacity: 8,
  });
  await createAgent(db, adminActor, 'manager', {
    name: 'Sari Supervisor',
    email: 'usv@demo.test',
    tags: ['billing', 'sales', 'general'],
  });
  await insertTagList(db, adminActor, ['billing', 'sales', 'general', 'vip']);
  const categories = new Map<string, string>();
  for (const name of ['Delivery', 'Payment', 'Product question']) {
    const category = await insertCategory(db, { clientId, id: newId(), name });
    if (category) categories.set(name, category.id);
  }
  const contacts = { db, customerAccess: createCustomerAccess() };
  for (const customer of CUSTOMERS)
    await saveCustomer(contacts, adminActor, { ...customer, mediaPlatform: 'whatsapp' });

  const port = createInboxPort({});
  const deps = { db };
  const supervisor = await demoUser(db, 'usv@demo.test');
  for (const [index, conversation] of CONVERSATIONS.entries()) {
    const agent = await demoUser(db, conversation.agent);
    const started = Date.now() - (CONVERSATIONS.length - index) * 86_400_000;
    for (const [offset, text] of conversation.customer.entries()) {
      await port.receiveInbound(db, {
        clientId,
        channel: 'whatsapp',
        // Seeded history has no provider ledger behind it: no number recorded.
        channelId: null,
        providerMessageId: `wamid.demo.${index}.${offset}`,
        customerPhone: conversation.phone,
        customerName: CUSTOMERS.find((c) => c.phoneNumber === conversation.phone)?.name ?? null,
        type: 'text',
        text,
        media: null,
        location: null,
        replyToProviderMessageId: null,
        sentAt: new Date(started + offset * 60_000),
      });
    }
    const room = await findLiveRoom(db, clientId, conversation.phone, 'whatsapp', null);
    if (!room) continue;
    await transferRoom(deps, supervisor, { roomId: room.id, toCsId: agent.csId! });
    // The answer was sent through the channel back then; the demo records it as delivered and read.
    const at = new Date(started + 10 * 60_000);
    await insertMessage(db, {
      clientId,
      id: newId(at.getTime()),
      roomId: room.id,
      channel: 'whatsapp',
      providerMessageId: `wamid.demo.${index}.reply`,
      type: 'text',
      content: conversation.reply,
      fromCs: true,
      csId: agent.csId,
      status: 'read',
      createdAt: at,
    });
    await recordMessageOnRoom(db, clientId, room.id, { preview: conversation.reply, fromCs: true, at });
    await setRoomCategory(deps, agent, {
      id: room.id,
      categoryId: categories.get(conversation.category),
    });
    await closeRoom(deps, agent, { roomId: room.id, remarks: conversation.remarks }, {});
    // The room lived when its messages did: the dashboard counts it on that day, not on seeding day.
    await updateRoom(db, clientId, room.id, {
      createdAt: new Date(started),
      assignedAt: new Date(started + 5 * 60_000),
      closedAt: new Date(started + 15 * 60_000),
    });
  }
  return { seeded: true };
}
