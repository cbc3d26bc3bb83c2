import { readFileSync } from 'node:fs';
import { getDMMF } from '@prisma/get-dmmf';
import type pg from 'pg';
import { withPgClient } from '../../server/db/with-client.js';

/**
 * Compares prisma/schema.prisma with a migrated database, the way `prisma migrate diff` would if its engine
 * could run here: tables, columns (type, nullability, default), primary keys, unique and plain indexes,
 * foreign keys and enums. Returns one line per difference; an empty list means they agree.
 */

interface ExpectedColumn {
  type: string;
  nullable: boolean;
  default: string | null;
}

interface ExpectedTable {
  columns: Map<string, ExpectedColumn>;
  /** "pkey|unique|index:<name>:<col,col>" (key columns: an index's INCLUDE columns are not in Prisma's schema) */
  indexes: Set<string>;
  /** "<name>:<cols>-><table>(<cols>):<on delete>" */
  foreignKeys: Set<string>;
}

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
};

type DmmfModel = {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { name: string | null; fields: string[] } | null;
};

type DmmfIndex = {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  name?: string | null;
  fields: { name: string }[];
};

const SCALAR_TYPES: Record<string, string> = {
  Int: 'integer',
  BigInt: 'bigint',
  String: 'text',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  Json: 'jsonb',
  Bytes: 'bytea',
};

const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  VarChar: (args) => (args.length ? `character varying(${args[0]})` : 'character varying'),
  Char: (args) => `character(${args[0] ?? 1})`,
  Text: () => 'text',
  Uuid: () => 'uuid',
  Citext: () => 'citext',
  Timestamptz: (args) => `timestamp(${args[0] ?? 6}) with time zone`,
  Timestamp: (args) => `timestamp(${args[0] ?? 6}) without time zone`,
  Date: () => 'date',
  SmallInt: () => 'smallint',
  Integer: () => 'integer',
  BigInt: () => 'bigint',
  Real: () => 'real',
  DoublePrecision: () => 'double precision',
  Decimal: (args) => `numeric(${args.join(',')})`,
  JsonB: () => 'jsonb',
  Inet: () => 'inet',
};

/** Prisma's default constraint names are truncated to PostgreSQL's 63-byte identifier limit. */
const constraintName = (name: string) => name.slice(0, 63);

function columnName(field: DmmfField): string {
  return field.dbName ?? field.name;
}

function expectedType(field: DmmfField, enumNames: Map<string, string>): string {
  let base: string;
  if (field.kind === 'enum') base = enumNames.get(field.type) ?? field.type;
  else if (field.nativeType) base = NATIVE_TYPES[field.nativeType[0]]?.(field.nativeType[1]) ?? field.nativeType[0];
  else base = SCALAR_TYPES[field.type] ?? field.type;
  return field.isList ? `${base}[]` : base;
}

/** The default PostgreSQL stores for a Prisma default, normalised like `normaliseDefault` below. */
function expectedDefault(field: DmmfField, table: string): string | null {
  if (!field.hasDefaultValue || field.default === undefined) return null;
  const value = field.default as { name?: string; args?: unknown[] } | string | number | boolean;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    if (value.name === 'autoincrement') return `nextval('${table}_${columnName(field)}_seq')`;
    if (value.name === 'now') return 'CURRENT_TIMESTAMP';
    if (value.name === 'dbgenerated') return normaliseDefault(String(value.args?.[0] ?? ''));
    return null; // uuid(), cuid(): filled in by the client, not the database
  }
  if (Array.isArray(value)) return normaliseDefault(`ARRAY[${value.map((item) => `'${item}'`).join(',')}]`);
  return normaliseDefault(typeof value === 'string' ? `'${value}'` : String(value));
}

/** Strips casts and quoting noise so "'x'::character varying" and "'x'" compare equal. */
function normaliseDefault(text: string): string {
  return text
    .replace(/::[a-z_ ]+(\(\d+(,\d+)?\))?(\[\])?/gi, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the schema says the database must hold. */
export function expectedSchema(schemaPath: string): Map<string, ExpectedTable> {
  const dmmf = getDMMF({ datamodel: readFileSync(schemaPath, 'utf8') });
  if (!('datamodel' in dmmf)) throw new Error(`schema.prisma does not parse: ${JSON.stringify(dmmf)}`);
  const datamodel = dmmf.datamodel as unknown as {
    models: DmmfModel[];
    enums: { name: string; dbName?: string | null }[];
    indexes: DmmfIndex[];
  };
  const enumNames = new Map(datamodel.enums.map((item) => [item.name, item.dbName ?? item.name]));
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const tables = new Map<string, ExpectedTable>();

  for (const model of datamodel.models) {
    const table = model.dbName ?? model.name;
    const byName = new Map(model.fields.map((field) => [field.name, field]));
    const entry: ExpectedTable = { columns: new Map(), indexes: new Set(), foreignKeys: new Set() };
    for (const field of model.fields) {
      if (field.kind === 'object') {
        if (!field.relationFromFields?.length) continue;
        const target = models.get(field.type)!;
        const targetTable = target.dbName ?? target.name;
        const targetFields = new Map(target.fields.map((item) => [item.name, item]));
        const from = field.relationFromFields.map((name) => columnName(byName.get(name)!));
        const to = (field.relationToFields ?? []).map((name) => columnName(targetFields.get(name)!));
        const anyOptional = field.relationFromFields.some((name) => !byName.get(name)!.isRequired);
        const onDelete = (field.relationOnDelete ?? (anyOptional ? 'SetNull' : 'Restrict')).toUpperCase();
        const name = constraintName(`${table}_${from.join('_')}_fkey`);
        entry.foreignKeys.add(`${name}:${from.join(',')}->${targetTable}(${to.join(',')}):${onDelete}`);
        continue;
      }
      entry.columns.set(columnName(field), {
        type: expectedType(field, enumNames),
        nullable: !field.isRequired,
        default: expectedDefault(field, table),
      });
    }
    for (const index of datamodel.indexes.filter((item) => item.model === model.name)) {
      const columns = index.fields.map((item) => columnName(byName.get(item.name)!));
      const suffix = index.type === 'id' ? 'pkey' : index.type === 'unique' ? 'key' : 'idx';
      const defaultName = index.type === 'id' ? `${table}_pkey` : `${table}_${columns.join('_')}_${suffix}`;
      const kind = index.type === 'id' ? 'pkey' : index.type === 'unique' ? 'unique' : 'index';
      entry.indexes.add(`${kind}:${constraintName(index.dbName ?? defaultName)}:${columns.join(',')}`);
    }
    tables.set(table, entry);
  }
  return tables;
}

/** What the database holds, read from the catalog of the public schema. */
export async function actualSchema(databaseUrl: string): Promise<Map<string, ExpectedTable>> {
  return withPgClient(databaseUrl, readCatalog);
}

async function readCatalog(client: pg.Client): Promise<Map<string, ExpectedTable>> {
  {
    const columns = await client.query<{ table: string; column: string; type: string; notnull: boolean; def: string | null }>(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS def
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_prisma_migrations'`);
    const indexes = await client.query<{ table: string; name: string; primary: boolean; unique: boolean; columns: string[] }>(`
      SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
             array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                   WHERE k.ord <= x.indnkeyatts ORDER BY k.ord)::text[] AS columns
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      WHERE t.relname <> '_prisma_migrations'`);
    const foreignKeys = await client.query<{ table: string; name: string; columns: string[]; target: string; target_columns: string[]; on_delete: string }>(`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name,
             array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
             c.confrelid::regclass::text AS target,
             array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS target_columns,
             c.confdeltype AS on_delete
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
      WHERE c.contype = 'f'`);
    const onDeleteNames: Record<string, string> = { a: 'NOACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SETNULL', d: 'SETDEFAULT' };
    const tables = new Map<string, ExpectedTable>();
    const tableOf = (name: string) => {
      const key = name.replace(/"/g, '');
      if (!tables.has(key)) tables.set(key, { columns: new Map(), indexes: new Set(), foreignKeys: new Set() });
      return tables.get(key)!;
    };
    for (const row of columns.rows) {
      tableOf(row.table).columns.set(row.column, {
        type: row.type.replace(/"/g, ''),
        nullable: !row.notnull,
        default: row.def === null ? null : normaliseDefault(row.def),
      });
    }
    for (const row of indexes.rows) {
      const kind = row.primary ? 'pkey' : row.unique ? 'unique' : 'index';
      tableOf(row.table).indexes.add(`${kind}:${row.name}:${row.columns.join(',')}`);
    }
    for (const row of foreignKeys.rows) {
      const target = row.target.replace(/"/g, '');
      tableOf(row.table).foreignKeys.add(
        `${row.name}:${row.columns.join(',')}->${target}(${row.target_columns.join(',')}):${onDeleteNames[row.on_delete]}`,
      );
    }
    return tables;
  }
}

function compareSets(label: string, expected: Set<string>, actual: Set<string>, out: string[]): void {
  for (const item of expected) if (!actual.has(item)) out.push(`${label}: missing in database ${item}`);
  for (const item of actual) if (!expected.has(item)) out.push(`${label}: not in schema.prisma ${item}`);
}

/** Lists every difference between the schema and the database. */
export function diffSchemas(expected: Map<string, ExpectedTable>, actual: Map<string, ExpectedTable>): string[] {
  const out: string[] = [];
  for (const [table, want] of expected) {
    const have = actual.get(table);
    if (!have) {
      out.push(`table ${table}: missing in database`);
      continue;
    }
    for (const [column, spec] of want.columns) {
      const found = have.columns.get(column);
      if (!found) {
        out.push(`${table}.${column}: missing in database`);
        continue;
      }
      if (found.type !== spec.type) out.push(`${table}.${column}: type ${found.type}, schema says ${spec.type}`);
      if (found.nullable !== spec.nullable) out.push(`${table}.${column}: nullable ${found.nullable}, schema says ${spec.nullable}`);
      if (found.default !== spec.default) out.push(`${table}.${column}: default ${found.default}, schema says ${spec.default}`);
    }
    for (const column of have.columns.keys()) {
      if (!want.columns.has(column)) out.push(`${table}.${column}: not in schema.prisma`);
    }
    compareSets(`${table} index`, want.indexes, have.indexes, out);
    compareSets(`${table} foreign key`, want.foreignKeys, have.foreignKeys, out);
  }
  for (const table of actual.keys()) if (!expected.has(table)) out.push(`table ${table}: not in schema.prisma`);
  return out;
}
