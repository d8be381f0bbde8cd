/**
 * No function in the run engine's folders is over 100 lines (issue 13 item 4): each is read with
 * the TypeScript parser, and every function, method and arrow function is measured from its first
 * line to its last.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['src/run', 'src/agents', 'src/plan', 'src/resume', 'src/window', 'src/shell'];
const LIMIT = 100;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every function of a source file with its length in lines. */
export function functionLengths(path: string): { name: string; lines: number }[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = (node as ts.FunctionLikeDeclaration).name;
      out.push({ name: `${path}:${start + 1} ${named ? named.getText(source) : '(anonymous)'}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('function length', () => {
  it(`has no function over ${LIMIT} lines in ${FOLDERS.join(', ')}`, () => {
    const long = FOLDERS.flatMap(files)
      .flatMap(functionLengths)
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
