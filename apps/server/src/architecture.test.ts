import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from './schema.js';
import {
  findExportedTables,
  findImportCycles,
  findImportViolations,
  findTenantKeyViolations,
  findUnscopedRepositoryFunctions,
  tenantTableNames,
} from './test/module-boundaries.js';

const src = path.dirname(new URL(import.meta.url).pathname);

/**
 * Tenant indexes that do not lead with `client_id` because they serve a lookup made before any client
 * is known (a hash, a login email, a provider's id) or a sweep across clients (expiry, time). A new one
 * must be added here, with its reason, by a reviewer who agrees.
 */
const GLOBAL_LOOKUP_INDEXES = [
  'audit_logs.audit_logs_time_idx', // the super admin's audit trail across clients, by time
  'auth_sessions.auth_sessions_expires_idx', // housekeeping deletes expired sessions of every client
  'client_api_secrets.client_api_secrets_hash_key', // a public API call arrives with its secret alone
  'cs_email_pulses.cs_email_pulses_due_idx', // the email pulse scheduler finds due pulses of every client
  'identity_providers.identity_providers_id_key', // SSO callbacks name the provider alone
  'mail_outbox.mail_outbox_time_idx', // the mail sender drains every client's outbox in order
  'password_reset_tokens.password_reset_tokens_hash_key', // a reset link carries its token alone
  'refresh_tokens.refresh_tokens_expires_idx', // housekeeping
  'refresh_tokens.refresh_tokens_hash_key', // a refresh arrives with its token alone
  'sso_requests.sso_requests_created_idx', // housekeeping
  'sso_requests.sso_requests_id_key', // the identity provider answers with the request id alone
  'stored_files.stored_files_sha_idx', // bytes on disk are shared by content: deleted only when no client keeps them (decision 0052)
  'users.users_email_key', // login emails are unique across clients (decision 0002)
  'whatsapp_channels.whatsapp_channels_phone_number_id_key', // a webhook names the phone number id alone
  'whatsapp_channels.whatsapp_channels_verify_token_idx', // Meta's verification names the token alone
];

const tempRoots: string[] = [];
afterAll(() => {
  for (const root of tempRoots) fs.rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-server-boundaries-'));
  tempRoots.push(root);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe('server module boundaries', () => {
  it('holds for the server: platform never imports a module, modules meet only through index.ts', () => {
    expect(findImportViolations(src)).toEqual([]);
  });

  it('names platform and lib files that import a module or the composition root', () => {
    const root = tree({
      'platform/database.ts': "import * as schema from '../schema.js';\nexport const db = schema;\n",
      'platform/audit/audit.service.ts':
        "import type { UserRow } from '../../modules/identity/index.js';\nimport { newId } from '../../lib/ids.js';\n",
      'lib/ids.ts':
        "export const newId = () => 'id';\nconst late = () => import('../platform/database.js');\n",
      'modules/identity/index.ts':
        "export type UserRow = { id: string };\nimport '../../platform/database.js';\n",
      'schema.ts': "export * from './modules/identity/index.js';\n",
    });
    expect(findImportViolations(root)).toEqual([
      { file: path.join('lib', 'ids.ts'), imports: '../platform/database.js', rule: 'lib imports platform' },
      {
        file: path.join('platform', 'audit', 'audit.service.ts'),
        imports: '../../modules/identity/index.js',
        rule: 'platform imports a module',
      },
      {
        file: path.join('platform', 'database.ts'),
        imports: '../schema.js',
        rule: 'platform imports the composition root',
      },
    ]);
  });

  it("names a module that imports another module's file other than its index.ts, but lets tables reference tables", () => {
    const root = tree({
      'modules/clients/index.ts': "export { getClient } from './clients.service.js';\n",
      'modules/clients/clients.service.ts': 'export const getClient = () => 1;\n',
      'modules/clients/clients.tables.ts': 'export const clients = 1;\n',
      'modules/identity/identity.tables.ts': "import { clients } from '../clients/clients.tables.js';\n",
      'modules/identity/identity.service.ts':
        "import { getClient } from '../clients/index.js';\nimport { clients } from '../clients/clients.tables.js';\n",
      'modules/approvals/checker-maker.service.ts':
        "import type { X } from '../identity/identity.service.js';\nimport '../clients';\n",
    });
    const rule = "a module imports another module's file other than its index.ts";
    expect(findImportViolations(root)).toEqual([
      {
        file: path.join('modules', 'approvals', 'checker-maker.service.ts'),
        imports: '../identity/identity.service.js',
        rule,
      },
      {
        file: path.join('modules', 'identity', 'identity.service.ts'),
        imports: '../clients/clients.tables.js',
        rule,
      },
    ]);
  });

  it('has no import cycle among server files, type imports included', () => {
    expect(findImportCycles(src)).toEqual([]);
  });

  it('names the files of an import cycle, even one closed by a type import or import()', () => {
    const root = tree({
      'modules/identity/index.ts': "export { createUser } from './users/users.service.js';\n",
      'modules/identity/users/users.service.ts':
        "import { proposeChange } from '../../approvals/index.js';\nexport const createUser = proposeChange;\n",
      'modules/approvals/index.ts': "export { proposeChange } from './approvals.service.js';\n",
      'modules/approvals/approvals.service.ts':
        "import type { UserRow } from '../identity/index.js';\nexport const proposeChange = 1;\n",
      'modules/usage/index.ts': "const later = () => import('./usage.service.js');\n",
      'modules/usage/usage.service.ts': "import '../usage/index.js';\n",
      'modules/roles/index.ts': "import '../identity/index.js';\n",
    });
    expect(findImportCycles(root)).toEqual([
      [
        path.join('modules', 'approvals', 'approvals.service.ts'),
        path.join('modules', 'approvals', 'index.ts'),
        path.join('modules', 'identity', 'index.ts'),
        path.join('modules', 'identity', 'users', 'users.service.ts'),
      ],
      [path.join('modules', 'usage', 'index.ts'), path.join('modules', 'usage', 'usage.service.ts')],
    ]);
  });

  it("exports no table from any module's index.ts: other modules call its functions", async () => {
    const modules = fs.readdirSync(path.join(src, 'modules'));
    const indexes: Record<string, Record<string, unknown>> = {};
    for (const name of modules) {
      const file = path.join(src, 'modules', name, 'index.ts');
      if (fs.existsSync(file)) indexes[`modules/${name}/index.ts`] = await import(file);
    }
    expect(Object.keys(indexes).length).toBeGreaterThan(5);
    expect(findExportedTables(indexes)).toEqual([]);
  });

  it('names a table exported from an index.ts', () => {
    const users = pgTable('users', { clientId: uuid('client_id').notNull(), id: uuid('id').notNull() });
    expect(
      findExportedTables({
        'modules/identity/index.ts': { users, findUser: () => null, USER_ROLE: 'ADC' },
        'modules/roles/index.ts': { hasRight: () => true },
      }),
    ).toEqual(['modules/identity/index.ts exports table users']);
  });

  it("leads every tenant table's primary key with client_id; indexes too, but for global lookups", () => {
    expect(tenantTableNames(schema)).toContain('users');
    const { primaryKeys, indexes } = findTenantKeyViolations(schema);
    expect(primaryKeys).toEqual([]);
    expect(indexes).toEqual(GLOBAL_LOOKUP_INDEXES);
  });

  it('names a tenant table whose primary key or index does not lead with client_id', () => {
    const fixture = {
      clients: pgTable('clients', { id: uuid('id').primaryKey() }),
      tags: pgTable('tags', { clientId: uuid('client_id').notNull(), id: uuid('id').primaryKey() }),
      notes: pgTable(
        'notes',
        { clientId: uuid('client_id').notNull(), id: uuid('id').notNull(), body: text('body') },
        (t) => [primaryKey({ columns: [t.id, t.clientId] }), index('notes_body_idx').on(t.body)],
      ),
      rooms: pgTable(
        'rooms',
        { clientId: uuid('client_id').notNull(), id: uuid('id').notNull(), phone: text('phone') },
        (t) => [
          primaryKey({ columns: [t.clientId, t.id] }),
          index('rooms_phone_idx').on(t.clientId, t.phone),
        ],
      ),
    };
    expect(tenantTableNames(fixture)).toEqual(['notes', 'rooms', 'tags']);
    expect(findTenantKeyViolations(fixture)).toEqual({
      primaryKeys: ['notes (id, client_id)', 'tags (id)'],
      indexes: ['notes.notes_body_idx'],
    });
  });

  it('scopes every repository query on a tenant table to a client, or names it unsafe', () => {
    expect(findUnscopedRepositoryFunctions(src, tenantTableNames(schema))).toEqual([]);
  });

  it('names a repository function that queries a tenant table with no client and no unsafe name', () => {
    const root = tree({
      'modules/identity/identity.tables.ts': 'export type NewUser = typeof users.$inferInsert;\n',
      'modules/identity/identity.repository.ts': `import { eq } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import { clients, type NewUser, users } from './identity.tables.js';

const byEmail = (email: string) => eq(users.email, email); // users by email

/** Emails are unique across clients (decision 0002). */
export async function unsafeFindUserByEmail(db: Executor, email: string) {
  return db.select().from(users).where(byEmail(email));
}

export async function findUserByEmail(db: Executor, email: string) {
  // clientId is not checked here
  return db.select().from(users).where(byEmail(email));
}

export async function findUser(db: Executor, clientId: string, id: string) {
  return db.select().from(users).where(inClient(users, clientId, eq(users.id, id)));
}

export async function insertUser(db: Executor, row: NewUser) {
  return db.insert(users).values(row);
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  return db.update(users).set(values).where(eq(users.id, id));
}

export async function listClients(db: Executor) {
  return db.select().from(clients);
}

export async function insertUsers(db: Executor, clientId: string, rows: NewUser[]) {
  await db.execute(sql\`insert into \${users} (client_id, email)
    select \${clientId}, v.email from jsonb_to_recordset(\${JSON.stringify(rows)}::jsonb) as v(email text)
    on conflict do nothing\`);
}

export async function copyUsers(db: Executor, clientId: string) {
  await db.execute(sql\`insert into \${users} (client_id, email)
    select \${clientId}, u.email from \${users} u, unnest(\${[1]}::int[]) as n\`);
}

export function userFilter(email: string) {
  return eq(users.email, email);
}
`,
    });
    expect(findUnscopedRepositoryFunctions(root, ['users'])).toEqual([
      'modules/identity/identity.repository.ts: copyUsers (users)',
      'modules/identity/identity.repository.ts: findUserByEmail (users)',
      'modules/identity/identity.repository.ts: updateUser (users)',
    ]);
  });

  it('names the client filter written by hand, one applied only sometimes, and a clientId that filters nothing', () => {
    const root = tree({
      'platform/client-scope.ts': `export function inClient(table, clientId, ...conditions) {
  return and(eq(table.clientId, clientId), ...conditions)!;
}
`,
      'modules/contacts/tags/tags.repository.ts': `import { and, eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import { tags } from './tags.tables.js';

const byId = (clientId: string, id: string) => inClient(tags, clientId, eq(tags.id, id));

export async function findTag(db: Executor, clientId: string, id: string) {
  return db.select().from(tags).where(and(eq(tags.clientId, clientId), eq(tags.id, id)));
}

export async function findTagByName(db: Executor, clientId: string, name: string) {
  return db.select().from(tags).where(eq(tags.name, name));
}

export async function listTags(db: Executor, clientId: string | undefined) {
  return db.select().from(tags).where(clientId ? inClient(tags, clientId) : undefined);
}

/** Every client's tags, for the super admin's report. */
export async function unsafeListTags(db: Executor, clientId: string | undefined) {
  return db.select().from(tags).where(clientId ? inClient(tags, clientId) : undefined);
}

export async function countTags(db: Executor, clientId: string) {
  return db.execute(sql\`select count(*) from \${tags} where \${tags.clientId} = \${clientId}\`);
}

export async function tagNames(db: Executor, clientId: string) {
  return db.execute(sql\`select name from \${tags} where \${inClient(tags, clientId)}\`);
}

export async function insertTag(db: Executor, clientId: string, values: { id: string; name: string }) {
  return db.insert(tags).values({ ...values, clientId });
}

export async function deleteTag(db: Executor, clientId: string, id: string) {
  return db.delete(tags).where(byId(clientId, id));
}
`,
      'modules/contacts/tags/tags.service.ts': `export async function renameTag(db: Executor, clientId: string, id: string, name: string) {
  return db.update(tags).set({ name }).where(and(eq(tags.clientId, clientId), eq(tags.id, id)));
}
`,
    });
    expect(findUnscopedRepositoryFunctions(root, ['tags'])).toEqual([
      'modules/contacts/tags/tags.repository.ts: countTags (client filter written by hand)',
      'modules/contacts/tags/tags.repository.ts: findTag (client filter written by hand)',
      'modules/contacts/tags/tags.repository.ts: findTagByName (tags)',
      'modules/contacts/tags/tags.repository.ts: listTags (tags)',
      'modules/contacts/tags/tags.service.ts: renameTag (client filter written by hand)',
    ]);
  });
});
