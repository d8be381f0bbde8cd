/**
 * The tables and columns a schema version has, read from the migrations' own SQL, so that the
 * check at open ("is every table and column still there?") never needs a second list to keep.
 */
import type { Migration } from './_sqlite-migrations.js';

const CONSTRAINT = /^(PRIMARY|UNIQUE|FOREIGN|CHECK|CONSTRAINT|EXCLUDE)\b/i;

/** Every table the migrations create, with its columns (`ALTER TABLE … ADD COLUMN` included). */
export function tablesOf(migrations: readonly Migration[]): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const { sql } of migrations) {
    for (const m of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+) \(([\s\S]*?)\n\s*\);/gi)) {
      const columns = (m[2] as string)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('--') && !CONSTRAINT.test(line))
        .map((line) => (/^"?(\w+)"?/.exec(line) as RegExpExecArray)[1] as string);
      tables.set(m[1] as string, columns);
    }
    for (const m of sql.matchAll(/ALTER TABLE (\w+) ADD COLUMN (?:IF NOT EXISTS )?(\w+)/gi)) {
      tables.get(m[1] as string)?.push(m[2] as string);
    }
  }
  return tables;
}

/** What of `expected` is not in `present`: `table x` or `column x.y`, in order. */
export function missingParts(expected: Map<string, string[]>, present: Map<string, string[]>): string[] {
  const missing: string[] = [];
  for (const [table, columns] of expected) {
    const have = present.get(table);
    if (!have) {
      // An FTS table's own shadow tables go with it: name the table the user knows.
      if (!missing.some((m) => table.startsWith(`${m.slice(6)}_`))) missing.push(`table ${table}`);
    } else {
      for (const c of columns) if (!have.includes(c)) missing.push(`column ${table}.${c}`);
    }
  }
  return missing;
}
