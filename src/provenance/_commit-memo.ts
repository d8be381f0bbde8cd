/**
 * Answers that depend on commit ids alone, remembered between processes: the merge-base of two
 * commits and the root commit of a commit never change, so a capture asks git for each once and
 * reads it back from a small file in the git folder afterwards (`<common dir>/baton/commit-answers`,
 * one `<question> <answer>` a line). The git folder, not the
 * work tree: git never carries it from one clone to another, so nobody else's text can plant an
 * answer there.
 *
 * Left out where an answer about two ids can change: a shallow clone (a fetch that deepens it
 * finds an older base), grafts and replace refs (they rewrite the graph under the same ids).
 * Reading or writing the file may fail (a read-only repository): then git is asked, as before.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { RepositoryLocation } from './discover.js';

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
// About 700 pairs; past that the file is cut to its newer half.
const MAX_BYTES = 96 * 1024;

const fileOf = (loc: RepositoryLocation) => join(loc.commonDir, 'baton', 'commit-answers');

/** What is asked: the merge-base of two commits, or the root commit a commit's first parents reach. */
export type CommitQuestion = readonly ['merge-base', string, string] | readonly ['root', string];

const validQuestion = (q: CommitQuestion) => q.slice(1).every((id) => OID.test(id));

/** True when an answer about commit ids is the same whenever it is asked in this repository. */
function graphIsFixed(loc: RepositoryLocation): boolean {
  if (loc.shallow) return false;
  if (existsSync(join(loc.commonDir, 'info', 'grafts'))) return false;
  if (existsSync(join(loc.commonDir, 'refs', 'replace'))) return false;
  try {
    return !readFileSync(join(loc.commonDir, 'packed-refs'), 'utf8').includes(' refs/replace/');
  } catch {
    return true;
  }
}

/** The answer git gave to `question` before, or undefined. */
export function recall(loc: RepositoryLocation, question: CommitQuestion): string | undefined {
  if (!validQuestion(question) || !graphIsFixed(loc)) return undefined;
  let text: string;
  try {
    text = readFileSync(fileOf(loc), 'latin1');
  } catch {
    return undefined;
  }
  const key = `${question.join(' ')} `;
  // The newest line for the question wins (two processes may both have written it).
  const at = text.lastIndexOf(`\n${key}`);
  const start = at >= 0 ? at + 1 : text.startsWith(key) ? 0 : -1;
  if (start < 0) return undefined;
  const end = text.indexOf('\n', start);
  if (end < 0) return undefined; // a line still being written
  const answer = text.slice(start + key.length, end);
  return OID.test(answer) ? answer : undefined;
}

/** Remembers git's answer to `question`; a failure to write is no failure. */
export function remember(loc: RepositoryLocation, question: CommitQuestion, answer: string): void {
  if (!validQuestion(question) || !OID.test(answer) || !graphIsFixed(loc)) return;
  const file = fileOf(loc);
  try {
    mkdirSync(join(loc.commonDir, 'baton'), { recursive: true });
    // One short line in one append: concurrent writers interleave whole lines.
    appendFileSync(file, `${question.join(' ')} ${answer}\n`);
    if (statSync(file).size > MAX_BYTES) trim(file);
  } catch {
    // A read-only git folder: git is asked again next time.
  }
}

function trim(file: string): void {
  const text = readFileSync(file, 'latin1');
  const from = text.indexOf('\n', Math.floor(text.length / 2)) + 1;
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, text.slice(from));
  renameSync(scratch, file);
}
