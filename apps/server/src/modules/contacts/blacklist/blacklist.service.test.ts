import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import type { DatabaseHandle } from '../../../platform/database.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { addToBlacklist, isBlacklisted, removeFromBlacklist } from './blacklist.service.js';

describe('the blacklist', () => {
  let database: DatabaseHandle;
  const acme = newId();
  const other = newId();
  const by = 'adc@demo.test';

  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => database?.close());

  it('blocks a number on one channel, however it is written, and answers the batch as given', async () => {
    const { db } = database;
    expect(
      await addToBlacklist(db, acme, { phone: '0812-1000-0001', channel: 'sms', createdBy: by }),
    ).toEqual({
      added: true,
    });
    const asked = ['+62 812 1000 0001', '6281210000001', '081210000002', 'not a number'];
    expect(await isBlacklisted(db, acme, 'sms', asked)).toEqual(
      new Set(['+62 812 1000 0001', '6281210000001']),
    );
    expect(await isBlacklisted(db, acme, 'whatsapp', asked)).toEqual(new Set());
    expect(await isBlacklisted(db, acme, 'sms', [])).toEqual(new Set());
  });

  it('blocks on every channel with "all", and adding twice changes nothing', async () => {
    const { db } = database;
    const phone = '6281210000003';
    expect(await addToBlacklist(db, acme, { phone, reason: 'STOP', createdBy: by })).toEqual({ added: true });
    expect(await addToBlacklist(db, acme, { phone, channel: 'all', createdBy: by })).toEqual({
      added: false,
    });
    for (const channel of ['whatsapp', 'sms', 'email'])
      expect(await isBlacklisted(db, acme, channel, [phone])).toEqual(new Set([phone]));
  });

  it('unblocks one channel’s entry and leaves the others', async () => {
    const { db } = database;
    const phone = '+6281210000004';
    await addToBlacklist(db, acme, { phone, channel: 'whatsapp', createdBy: by });
    await addToBlacklist(db, acme, { phone, channel: 'sms', createdBy: by });
    expect(await removeFromBlacklist(db, acme, { phone, channel: 'whatsapp' })).toEqual({ removed: true });
    expect(await removeFromBlacklist(db, acme, { phone, channel: 'whatsapp' })).toEqual({ removed: false });
    expect(await isBlacklisted(db, acme, 'whatsapp', [phone])).toEqual(new Set());
    expect(await isBlacklisted(db, acme, 'sms', [phone])).toEqual(new Set([phone]));
  });

  it('keeps each client’s list to itself', async () => {
    const { db } = database;
    const phone = '6281210000005';
    await addToBlacklist(db, acme, { phone, createdBy: by });
    expect(await isBlacklisted(db, other, 'whatsapp', [phone])).toEqual(new Set());
    // Another client can neither see nor remove acme's entry, and blocks the number on its own list.
    expect(await removeFromBlacklist(db, other, { phone })).toEqual({ removed: false });
    expect(await isBlacklisted(db, acme, 'whatsapp', [phone])).toEqual(new Set([phone]));
    expect(await addToBlacklist(db, other, { phone, createdBy: by })).toEqual({ added: true });
    expect(await isBlacklisted(db, other, 'whatsapp', [phone])).toEqual(new Set([phone]));
  });

  it('refuses a value that is not a phone number, and a channel that is no channel name', async () => {
    const { db } = database;
    await expect(addToBlacklist(db, acme, { phone: '12', createdBy: by })).rejects.toMatchObject({
      code: 'invalid_phone_number',
    });
    await expect(addToBlacklist(db, acme, { phone: '0812abc34567', createdBy: by })).rejects.toMatchObject({
      code: 'invalid_phone_number',
    });
    await expect(
      addToBlacklist(db, acme, { phone: '6281210000006', channel: 'SMS; drop', createdBy: by }),
    ).rejects.toMatchObject({ code: 'invalid_channel' });
    await expect(isBlacklisted(db, acme, '', ['6281210000006'])).rejects.toMatchObject({
      code: 'invalid_channel',
    });
  });
});
