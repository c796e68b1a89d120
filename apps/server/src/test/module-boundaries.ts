import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

/**
 * The server's boundaries (ARCHITECTURE §3, decision 0022), read from the source: layers lowest first
 * are `lib` → `platform` → `modules/<m>` → the composition root (`app.ts`, `main.ts`, `schema.ts`).
 * A module is entered from outside only through its `index.ts`; the one exception is a `*.tables.ts`
 * importing another module's `*.tables.ts` for a foreign key (one database schema). Tests and the
 * test support folder `test/` may import what they need.
 */
export type BoundaryViolation = { file: string; imports: string; rule: string };

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;
const ROOT_FILES = new Set(['app.ts', 'main.ts', 'schema.ts']);

const isTest = (file: string) => file.endsWith('.test.ts');

function sourceFiles(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The checked files of a server `src`: no tests, nothing under `test/`. */
function checkedFiles(root: string): string[] {
  return sourceFiles(root).filter((file) => {
    const relative = path.relative(root, file);
    return !isTest(file) && relative.split(path.sep)[0] !== 'test';
  });
}

/** `./x.js` in the source is `./x.ts` on disk; a folder is its `index.ts`. */
function resolveImport(file: string, specifier: string): string {
  const target = path.resolve(path.dirname(file), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')];
  const isFile = (candidate: string) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
  return candidates.find(isFile) ?? target.replace(/\.js$/, '.ts');
}

/** Every relative import of a file (value, type, re-export or `import()`), resolved to a path. */
function importsOf(file: string): { specifier: string; target: string }[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ specifier, target: resolveImport(file, specifier) }));
}

type Place = { layer: 'lib' | 'platform' | 'modules' | 'root' | null; module: string | null };

function place(root: string, file: string): Place {
  const parts = path.relative(root, file).split(path.sep);
  const [top, second] = parts;
  if (top === 'lib' || top === 'platform') return { layer: top, module: null };
  if (top === 'modules' && parts.length > 2) return { layer: 'modules', module: second ?? null };
  if (parts.length === 1 && ROOT_FILES.has(top ?? '')) return { layer: 'root', module: null };
  return { layer: null, module: null };
}

const LAYERS = ['lib', 'platform', 'modules', 'root'] as const;

/** Rules 1 and 2: a lower layer imports a higher one; a module reaches past another's `index.ts`. */
export function findImportViolations(root: string): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of checkedFiles(root)) {
    const from = place(root, file);
    if (!from.layer) continue;
    const relative = path.relative(root, file);
    for (const { specifier, target } of importsOf(file)) {
      const to = place(root, target);
      if (!to.layer) continue;
      if (LAYERS.indexOf(to.layer) > LAYERS.indexOf(from.layer)) {
        const what =
          to.layer === 'modules' ? 'a module' : to.layer === 'root' ? 'the composition root' : to.layer;
        violations.push({ file: relative, imports: specifier, rule: `${from.layer} imports ${what}` });
        continue;
      }
      if (from.layer !== 'modules' || to.layer !== 'modules' || from.module === to.module) continue;
      const entry = path.join(root, 'modules', to.module ?? '', 'index.ts');
      const foreignKey = file.endsWith('.tables.ts') && target.endsWith('.tables.ts');
      if (target !== entry && !foreignKey)
        violations.push({
          file: relative,
          imports: specifier,
          rule: "a module imports another module's file other than its index.ts",
        });
    }
  }
  return violations;
}

/** Rule 4: every import cycle among the checked files, type imports included, each as its files. */
export function findImportCycles(root: string): string[][] {
  const files = checkedFiles(root);
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      [...new Set(importsOf(file).map((i) => i.target))].filter((t) => known.has(t)),
    ]),
  );
  // Tarjan's strongly connected components: a component of two or more files is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

/** Rule 3: the tables a module's `index.ts` exports, given each index's loaded exports by its path. */
export function findExportedTables(indexes: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(indexes).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => `${file} exports table ${name}`),
  );
}

/** A table with a `client_id` column holds one client's rows. */
export function isTenantTable(table: PgTable): boolean {
  return getTableConfig(table).columns.some((column) => column.name === 'client_id');
}

/** The tenant tables among a module's exports (the schema aggregate), by their exported names. */
export function tenantTableNames(schema: Record<string, unknown>): string[] {
  return Object.entries(schema)
    .filter(([, value]) => is(value, PgTable) && isTenantTable(value as PgTable))
    .map(([name]) => name)
    .sort();
}

function primaryKeyColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0];
  if (composite) return composite.columns.map((column) => column.name);
  return config.columns.filter((column) => column.primary).map((column) => column.name);
}

function leadingColumnName(column: unknown): string | null {
  return column && typeof column === 'object' && 'name' in column && typeof column.name === 'string'
    ? column.name
    : null;
}

/**
 * Rule 5: a tenant table whose primary key does not lead with `client_id` (ARCHITECTURE §5: the
 * distribution column). `indexes` lists the tenant indexes and unique constraints that do not lead
 * with it either, a softer rule reported apart.
 */
export function findTenantKeyViolations(schema: Record<string, unknown>): {
  primaryKeys: string[];
  indexes: string[];
} {
  const primaryKeys: string[] = [];
  const indexes: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || !isTenantTable(value)) continue;
    const config = getTableConfig(value);
    const key = primaryKeyColumns(value);
    if (key[0] !== 'client_id') primaryKeys.push(`${config.name} (${key.join(', ') || 'no primary key'})`);
    for (const index of config.indexes) {
      const first = leadingColumnName(index.config.columns[0]);
      if (first !== 'client_id') indexes.push(`${config.name}.${index.config.name ?? '(unnamed index)'}`);
    }
    for (const unique of config.uniqueConstraints) {
      if (unique.columns[0]?.name !== 'client_id') indexes.push(`${config.name}.${unique.getName()}`);
    }
    for (const column of config.columns) {
      if (column.isUnique && !column.primary)
        indexes.push(`${config.name}.${column.uniqueName ?? column.name}`);
    }
  }
  return { primaryKeys: primaryKeys.sort(), indexes: indexes.sort() };
}

/** Block and line comments out, strings kept: a table named in a comment is not a query on it. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const DECLARATION = /^(export\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|(?:const|let)\s+(\w+))/;

/** A repository file cut into its top-level declarations: each from its first line to the next's. */
function declarationsOf(
  text: string,
): { name: string; exported: boolean; isFunction: boolean; text: string }[] {
  const lines = withoutComments(text).split('\n');
  const starts: { line: number; name: string; exported: boolean; isFunction: boolean }[] = [];
  lines.forEach((line, number) => {
    const match = DECLARATION.exec(line);
    if (match)
      starts.push({
        line: number,
        name: match[2] ?? match[3] ?? '',
        exported: Boolean(match[1]),
        isFunction:
          Boolean(match[2]) || /=\s*(async\s*)?\(/.test(line) || /=\s*(async\s+)?function/.test(line),
      });
  });
  return starts.map((start, i) => ({
    ...start,
    text: lines.slice(start.line, starts[i + 1]?.line ?? lines.length).join('\n'),
  }));
}

const QUERY = /\.(select|selectDistinct|insert|update|delete|execute)\(|preparedQuery\(|preparedOn\(/;
/**
 * Running a statement built with `preparedOn` (`query.execute(values)`): what it does is told by the
 * builder calls in the same function (`.insert(`, `.select(`, …), which are checked as usual.
 */
const PREPARED_RUN = /(?<![\w.$])query\.execute\(/g;
/** A query that reads or changes rows already there, so it needs a filter (an insert alone does not). */
const FILTERING_QUERY = /\.(select|selectDistinct|update|delete|execute)\(|preparedQuery\(/;
/** The client filter through the platform helper (decision 0027). */
const IN_CLIENT = /(?<![\w.$])inClient\(/;
/** A client filter that only sometimes applies: `clientId ? inClient(…) : undefined` reads every client. */
const SOMETIMES_IN_CLIENT = /\?\s*inClient\(/;
/** The client filter written by hand instead of through `inClient`: `eq(t.clientId, …)`, `${t.clientId} = …`. */
/**
 * Raw SQL that only inserts rows sent as one parameter (`insert into … select … from
 * jsonb_to_recordset(…)` or `unnest(…)`, no `where`, no `do update`): it reads no stored rows, so it is
 * an insert, not a filtering query.
 */
const INSERT_FROM_PARAMETERS =
  /\.execute\(sql`\s*insert\s+into\b(?=[^`]*\b(?:jsonb_to_recordset|unnest)\()(?:(?!\bwhere\b|\bupdate\b|\bdelete\b|\bfrom\s+\$\{)[^`])*`\)/gi;
const HAND_WRITTEN_FILTER = /(?<![\w.$])eq\(\s*[\w.]+\.clientId\s*,|\$\{\s*[\w.]+\.clientId\s*\}\s*=/;

const mentions = (text: string, name: string) => new RegExp(`(?<![\\w.$])${name}(?![\\w$])`).test(text);

/**
 * Rule 6 (decisions 0022 and 0027): an exported function of a `*.repository.ts` that touches a tenant
 * table (directly or through a helper of the same file) is scoped to a client. One that reads, changes
 * or deletes rows filters through `inClient` (platform/client-scope.ts), always, not only when given a
 * client; one that only inserts names `clientId` (a parameter or row field) or takes whole rows
 * (`typeof table.$inferInsert`, whose type requires the client). Nowhere in the server is the client
 * filter written by hand (`eq(t.clientId, …)`): it goes through `inClient`. A function that does
 * otherwise is named `unsafe…`, and a comment says why.
 */
export function findUnscopedRepositoryFunctions(root: string, tenantTables: readonly string[]): string[] {
  const found: string[] = [];
  const files = sourceFiles(root);
  // `type NewRow = typeof rows.$inferInsert`, in a tables or repository file, names the whole-row type too.
  const rowTypes = new Map<string, string[]>();
  for (const file of files.filter((f) => /\.(tables|repository)\.ts$/.test(f)))
    for (const match of fs
      .readFileSync(file, 'utf8')
      .matchAll(/^(?:export\s+)?type\s+(\w+)\s*=\s*typeof\s+(\w+)\.\$inferInsert;/gm))
      rowTypes.set(match[2]!, [...(rowTypes.get(match[2]!) ?? []), match[1]!]);
  for (const file of checkedFiles(root)) {
    if (path.relative(root, file) === path.join('platform', 'client-scope.ts')) continue;
    const declarations = declarationsOf(fs.readFileSync(file, 'utf8'));
    const byHand = new Set(
      declarations
        .filter((d) => !d.name.startsWith('unsafe') && HAND_WRITTEN_FILTER.test(d.text))
        .map((d) => d.name),
    );
    for (const name of byHand)
      found.push(`${path.relative(root, file)}: ${name} (client filter written by hand)`);
    if (!file.endsWith('.repository.ts')) continue;
    // The tenant tables a declaration touches and the text it runs, its same-file helpers included.
    const reached = new Map<string, { tables: Set<string>; text: string }>();
    const reach = (name: string, seen: Set<string>): { tables: Set<string>; text: string } => {
      const cached = reached.get(name);
      if (cached) return cached;
      const declaration = declarations.find((d) => d.name === name);
      const result = {
        tables: new Set(tenantTables.filter((table) => declaration && mentions(declaration.text, table))),
        text: declaration?.text ?? '',
      };
      for (const other of declarations)
        if (
          other.name !== name &&
          !seen.has(other.name) &&
          declaration &&
          mentions(declaration.text, other.name)
        ) {
          const helper = reach(other.name, new Set([...seen, name]));
          for (const table of helper.tables) result.tables.add(table);
          result.text += `\n${helper.text}`;
        }
      reached.set(name, result);
      return result;
    };
    for (const declaration of declarations) {
      if (!declaration.exported || !declaration.isFunction || declaration.name.startsWith('unsafe')) continue;
      // A function that runs no query (it builds a filter for its caller's query) is not checked.
      if (!QUERY.test(declaration.text) || byHand.has(declaration.name)) continue;
      const { tables, text } = reach(declaration.name, new Set());
      if (tables.size === 0) continue;
      const scoped = FILTERING_QUERY.test(text.replace(INSERT_FROM_PARAMETERS, '').replace(PREPARED_RUN, ''))
        ? IN_CLIENT.test(text) && !SOMETIMES_IN_CLIENT.test(text)
        : /\bclientId\b/.test(declaration.text) ||
          [...tables].every((table) =>
            [`typeof ${table}\\.\\$inferInsert`, ...(rowTypes.get(table) ?? [])].some((rowType) =>
              new RegExp(`(?<!Partial<)\\b${rowType}\\b`).test(declaration.text),
            ),
          );
      if (!scoped)
        found.push(`${path.relative(root, file)}: ${declaration.name} (${[...tables].sort().join(', ')})`);
    }
  }
  return found.sort();
}
