import { asc, eq, sql } from 'drizzle-orm';
import { alias, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { openTestDatabase } from '../test/test-app.js';
import { type ClientTable, inClient } from './client-scope.js';
import type { DatabaseHandle } from './database.js';

const notes = pgTable('client_scope_notes', {
  clientId: uuid('client_id').notNull(),
  id: uuid('id').notNull(),
  body: text('body').notNull(),
});
const labels = pgTable('client_scope_labels', {
  clientId: uuid('client_id').notNull(),
  noteId: uuid('note_id').notNull(),
  label: text('label').notNull(),
});
const plans = pgTable('client_scope_plans', { id: uuid('id').notNull() });

describe('inClient', () => {
  let database: DatabaseHandle;
  const acme = newId();
  const other = newId();
  const shared = newId();

  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
    await database.sql.executeSql(`
      create table client_scope_notes (client_id uuid not null, id uuid not null, body text not null);
      create table client_scope_labels (client_id uuid not null, note_id uuid not null, label text not null)`);
    // The same note id in both clients, so only the client filter tells them apart.
    await database.db.insert(notes).values([
      { clientId: acme, id: shared, body: 'acme' },
      { clientId: other, id: shared, body: 'other' },
      { clientId: other, id: newId(), body: 'other too' },
    ]);
    await database.db.insert(labels).values([
      { clientId: acme, noteId: shared, label: 'acme label' },
      { clientId: other, noteId: shared, label: 'other label' },
    ]);
  });
  afterAll(async () => database?.close());

  it("selects one client's rows, with or without further conditions", async () => {
    const { db } = database;
    expect(await db.select({ body: notes.body }).from(notes).where(inClient(notes, acme))).toEqual([
      { body: 'acme' },
    ]);
    const others = await db
      .select({ body: notes.body })
      .from(notes)
      .where(inClient(notes, other))
      .orderBy(asc(notes.body));
    expect(others).toEqual([{ body: 'other' }, { body: 'other too' }]);
    expect(
      await db
        .select({ body: notes.body })
        .from(notes)
        .where(inClient(notes, other, eq(notes.id, shared), undefined)),
    ).toEqual([{ body: 'other' }]);
    expect(
      await db
        .select()
        .from(notes)
        .where(inClient(notes, newId(), eq(notes.id, shared))),
    ).toEqual([]);
  });

  it("updates and deletes one client's rows only", async () => {
    const { db } = database;
    const updated = await db
      .update(notes)
      .set({ body: 'acme, edited' })
      .where(inClient(notes, acme, eq(notes.id, shared)))
      .returning({ clientId: notes.clientId });
    expect(updated).toEqual([{ clientId: acme }]);
    const deleted = await db
      .delete(labels)
      .where(inClient(labels, other, eq(labels.noteId, shared)))
      .returning({ label: labels.label });
    expect(deleted).toEqual([{ label: 'other label' }]);
    const rows = await db.select({ body: notes.body }).from(notes).orderBy(asc(notes.body));
    expect(rows.map((row) => row.body)).toEqual(['acme, edited', 'other', 'other too']);
    await db.insert(labels).values({ clientId: other, noteId: shared, label: 'other label' });
  });

  it('keeps both sides of a join in one client, with a column as the client', async () => {
    const { db } = database;
    const rows = await db
      .select({ body: notes.body, label: labels.label })
      .from(notes)
      .innerJoin(labels, inClient(labels, notes.clientId, eq(labels.noteId, notes.id)))
      .where(inClient(notes, acme));
    expect(rows).toEqual([{ body: 'acme, edited', label: 'acme label' }]);
  });

  it('fills a prepared query placeholder and renders inside raw SQL', async () => {
    const { db } = database;
    const prepared = db
      .select({ body: notes.body })
      .from(notes)
      .where(inClient(notes, sql.placeholder('clientId'), eq(notes.id, sql.placeholder('id'))))
      .prepare('client_scope_note');
    expect(await prepared.execute({ clientId: other, id: shared })).toEqual([{ body: 'other' }]);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${notes} where ${inClient(notes, other)}`,
    );
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('accepts only tables, or aliases, with a clientId column', () => {
    expectTypeOf(notes).toExtend<ClientTable>();
    expectTypeOf(alias(labels, 'l')).toExtend<ClientTable>();
    expectTypeOf(plans).not.toExtend<ClientTable>();
  });
});
