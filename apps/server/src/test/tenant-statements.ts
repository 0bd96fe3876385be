import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { fingerprintSync, loadModule, parseSync } from 'libpg-query';
import pg from 'pg';
import * as schema from '@/db/schema/index.ts';

/*
 * The check that every statement touching a tenant table filters by `organization_id` (issue 41,
 * docs/scale.md#every-statement-names-its-organization, docs/decisions.md "Every statement names its
 * organization"). The statements are parsed by PostgreSQL's own parser (libpg-query, its C source built to
 * WebAssembly), never matched with patterns.
 */

const SNAKE = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The tenant tables, read from the schema: every table with an `organization_id` column. `organizations` itself
 * is keyed by its `id` (the distribution column's value), so it is checked the same way.
 */
export function tenantTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    if (config.columns.some((c) => SNAKE(c.name) === 'organization_id')) {
      tables.set(config.name, 'organization_id');
    }
    if (config.name === 'organizations') tables.set(config.name, 'id');
  }
  return tables;
}

type Node = Record<string, unknown>;

interface Entry {
  table: string;
  /** The name a column reference qualifies it with: its alias, or the table's name. */
  name: string;
  key: string;
}

interface Scope {
  entries: Entry[];
  outer: Scope | null;
}

const STATEMENTS = ['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt'] as const;

function unwrap(node: unknown): Node | null {
  if (!node || typeof node !== 'object') return null;
  const n = node as Node;
  if ('TypeCast' in n) return unwrap((n.TypeCast as Node).arg);
  return n;
}

function isValue(node: unknown): boolean {
  const n = unwrap(node);
  return !!n && ('ParamRef' in n || 'A_Const' in n);
}

function columnOf(node: unknown): string[] | null {
  const n = unwrap(node);
  if (!n || !('ColumnRef' in n)) return null;
  const fields = (n.ColumnRef as { fields: Node[] }).fields;
  if (!fields.every((f) => 'String' in f)) return null;
  return fields.map((f) => (f.String as { sval: string }).sval);
}

/**
 * The entry a column reference names, looking outwards through the scopes (a correlated subquery), and whether
 * the column is that entry's key.
 */
function resolve(ref: string[], scope: Scope): { entry: Entry; isKey: boolean } | null {
  const column = ref[ref.length - 1];
  const qualifier = ref.length >= 2 ? ref[ref.length - 2] : null;
  for (let s: Scope | null = scope; s; s = s.outer) {
    if (qualifier) {
      const found = s.entries.find((e) => e.name === qualifier);
      if (found) return { entry: found, isKey: found.key === column };
    } else {
      // Unqualified: the one entry of the nearest scope with that key column; any other column, the scope's
      // only entry.
      const candidates = s.entries.filter((e) => e.key === column);
      if (candidates.length === 1 && candidates[0]) return { entry: candidates[0], isKey: true };
      if (candidates.length > 1) return null;
      if (s.entries.length === 1 && s.entries[0]) return { entry: s.entries[0], isKey: false };
      if (s.entries.length > 1) return null;
    }
  }
  return null;
}

function conjuncts(node: unknown, into: Node[]): Node[] {
  const n = node as Node | undefined;
  if (!n) return into;
  const bool = n.BoolExpr as { boolop: string; args: Node[] } | undefined;
  if (bool?.boolop === 'AND_EXPR') for (const arg of bool.args) conjuncts(arg, into);
  else into.push(n);
  return into;
}

interface Found {
  problems: string[];
  ctes: Set<string>;
}

/** Collects the tables of a FROM list and the join conditions (only INNER and the kept side's filters count). */
function fromItems(
  items: Node[] | undefined,
  entries: Entry[],
  quals: Node[],
  found: Found,
  tables: Map<string, string>,
) {
  for (const item of items ?? []) {
    if ('RangeVar' in item) {
      const rv = item.RangeVar as { relname: string; alias?: { aliasname: string } };
      const key = tables.get(rv.relname);
      if (key && !found.ctes.has(rv.relname)) {
        entries.push({ table: rv.relname, name: rv.alias?.aliasname ?? rv.relname, key });
      }
    } else if ('JoinExpr' in item) {
      const join = item.JoinExpr as { larg: Node; rarg: Node; quals?: Node };
      fromItems([join.larg, join.rarg], entries, quals, found, tables);
      conjuncts(join.quals, quals);
    }
  }
}

function checkScope(
  stmtType: string,
  stmt: Node,
  outer: Scope | null,
  found: Found,
  tables: Map<string, string>,
) {
  const entries: Entry[] = [];
  const quals: Node[] = [];
  for (const cte of ((stmt.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? []) {
    found.ctes.add((cte.CommonTableExpr as { ctename: string }).ctename);
  }
  const scope: Scope = { entries, outer };
  if (stmtType === 'SelectStmt') {
    fromItems(stmt.fromClause as Node[], entries, quals, found, tables);
  } else if (stmtType === 'UpdateStmt' || stmtType === 'DeleteStmt') {
    fromItems([{ RangeVar: stmt.relation }], entries, quals, found, tables);
    fromItems((stmt.fromClause ?? stmt.usingClause) as Node[], entries, quals, found, tables);
  } else if (stmtType === 'InsertStmt') {
    const rv = stmt.relation as { relname: string };
    const key = tables.get(rv.relname);
    const columns = ((stmt.cols as Node[] | undefined) ?? []).map(
      (c) => (c.ResTarget as { name: string }).name,
    );
    if (key && !columns.includes(key)) found.problems.push(`INSERT INTO ${rv.relname} without ${key}`);
  }
  conjuncts(stmt.whereClause, quals);
  // Which entries are pinned to one organization: directly (key = value), or through an equality of keys
  // with an entry that is (a join on organization_id, or a correlated subquery's outer row).
  const pinned = new Set<Entry>();
  const links: [Entry, Entry][] = [];
  const foreignKeys: [Entry, Entry][] = [];
  for (const q of quals) {
    const expr = q.A_Expr as { kind: string; name: Node[]; lexpr: Node; rexpr: Node | Node[] } | undefined;
    if (!expr) continue;
    const op = (expr.name[0]?.String as { sval: string } | undefined)?.sval;
    const leftRef = columnOf(expr.lexpr);
    const l = leftRef ? resolve(leftRef, scope) : null;
    // `organization_id IN ($1, $2)`: pinned to a list of organizations (the shards are pruned to those).
    if (expr.kind === 'AEXPR_IN' && op === '=' && l?.isKey) {
      const list = (expr.rexpr as unknown as { List?: { items: Node[] } }).List?.items ?? [];
      if (list.length > 0 && list.every(isValue)) pinned.add(l.entry);
      continue;
    }
    if (expr.kind !== 'AEXPR_OP' || op !== '=') continue;
    const rightRef = columnOf(expr.rexpr);
    const r = rightRef ? resolve(rightRef, scope) : null;
    if (l?.isKey && isValue(expr.rexpr)) pinned.add(l.entry);
    if (r?.isKey && isValue(expr.lexpr)) pinned.add(r.entry);
    if (l?.isKey && r?.isKey) links.push([l.entry, r.entry]);
    else if (l && r && l.entry !== r.entry) foreignKeys.push([l.entry, r.entry]);
  }
  // The outer scopes' pinned entries were settled when they were checked.
  for (let s = outer; s; s = s.outer) for (const e of s.entries) if (!('unpinned' in e)) pinned.add(e);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [a, b] of links) {
      if (pinned.has(a) !== pinned.has(b)) {
        pinned.add(a);
        pinned.add(b);
        changed = true;
      }
    }
  }
  for (const e of entries) {
    if (!pinned.has(e)) {
      const label = `${e.table}${e.name === e.table ? '' : ` (${e.name})`}`;
      // Reached from a pinned row through a foreign key only: the row is the organization's, but a distributed
      // database cannot tell without organization_id in the join (docs/scale.md#what-citus-routes).
      const viaKey = foreignKeys.some(([a, b]) => (a === e && pinned.has(b)) || (b === e && pinned.has(a)));
      found.problems.push(
        viaKey ? `${label} joined by a foreign key, not by ${e.key}` : `${label} not filtered by ${e.key}`,
      );
      Object.assign(e, { unpinned: true });
    }
  }
  return scope;
}

function walk(node: unknown, scope: Scope | null, found: Found, tables: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, scope, found, tables);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if ((STATEMENTS as readonly string[]).includes(key)) {
      const stmt = value as Node;
      if (key === 'SelectStmt' && stmt.op && stmt.op !== 'SETOP_NONE') {
        walk(stmt, scope, found, tables);
        continue;
      }
      // CTEs first: their names are not tables of the statement.
      const withClause = stmt.withClause;
      if (withClause) walk(withClause, scope, found, tables);
      const inner = checkScope(key, stmt, scope, found, tables);
      walk({ ...stmt, withClause: undefined }, inner, found, tables);
    } else {
      walk(value, scope, found, tables);
    }
  }
}

let loaded: Promise<void> | null = null;

/** The parser's WebAssembly, loaded once per process. */
export function loadParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

/** What in one statement reaches a tenant table without its organization (empty: every reference is pinned). */
export function unscopedReferences(sql: string, tables = tenantTables()): string[] {
  const found: Found = { problems: [], ctes: new Set() };
  walk(parseSync(sql).stmts, null, found, tables);
  return found.problems;
}

/**
 * Records the text of every statement any `pg` client of this process sends until `stop()` (the app's pool,
 * its jobs, the test's own queries).
 */
export function captureStatements(): { statements: Set<string>; stop(): void } {
  const statements = new Set<string>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    if (typeof text === 'string') statements.add(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    statements,
    stop() {
      pg.Client.prototype.query = original;
    },
  };
}

/** The statement's shape, whatever its values: PostgreSQL's parse tree hashed (pg_query's fingerprint). */
export function statementFingerprint(sql: string): string {
  return fingerprintSync(sql);
}
