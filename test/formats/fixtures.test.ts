/**
 * The fixture corpus: every `test/fixtures/<format>/{valid,invalid}/<case>.{md,xml,json}` is
 * validated without git and must get the verdict, exit code and finding codes of
 * `<case>.expect.json`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type FormatName, isFormatName } from '../../src/formats/index.js';
import { EXIT_CODES } from '../../src/validate/report.js';
import { validateText } from '../../src/validate/validate.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const FOLDERS = ['valid', 'invalid'] as const;
const VERDICTS = ['VALID', 'INVALID', 'MISMATCH', 'STALE', 'UNTRUSTED'] as const;

type Verdict = (typeof VERDICTS)[number];

interface Expectation {
  verdict: Verdict;
  exitCode: number;
  codes?: string[];
  why: string;
}

interface Fixture {
  /** Path relative to the fixtures folder, used as the test name. */
  name: string;
  path: string;
  expectPath: string;
  format: string;
  folder: (typeof FOLDERS)[number];
}

const FIXTURE_EXT = /\.(md|xml|json)$/;

function isFixture(file: string): boolean {
  return FIXTURE_EXT.test(file) && !file.endsWith('.expect.json');
}

function listFixtures(): Fixture[] {
  const out: Fixture[] = [];
  if (!existsSync(ROOT)) return out;
  for (const format of readdirSync(ROOT).sort()) {
    if (!statSync(join(ROOT, format)).isDirectory()) continue;
    for (const folder of FOLDERS) {
      const dir = join(ROOT, format, folder);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).sort()) {
        if (!isFixture(file)) continue;
        const path = join(dir, file);
        out.push({
          name: relative(ROOT, path),
          path,
          expectPath: path.replace(FIXTURE_EXT, '.expect.json'),
          format,
          folder,
        });
      }
    }
  }
  return out;
}

/** Reads and checks the shape of an expectation; a missing or malformed one fails the test. */
function readExpectation(fixture: Fixture): Expectation {
  expect(existsSync(fixture.expectPath), `${fixture.name} has no .expect.json beside it`).toBe(true);
  const data = JSON.parse(readFileSync(fixture.expectPath, 'utf8')) as Partial<Expectation>;
  expect(VERDICTS, `${fixture.name}: verdict`).toContain(data.verdict);
  const verdict = data.verdict as Verdict;
  expect(data.exitCode, `${fixture.name}: exitCode must be the one of ${verdict}`).toBe(EXIT_CODES[verdict]);
  expect(typeof data.why === 'string' && data.why.trim() !== '', `${fixture.name}: why`).toBe(true);
  if (data.codes !== undefined) {
    expect(Array.isArray(data.codes), `${fixture.name}: codes must be an array`).toBe(true);
    for (const code of data.codes) expect(typeof code, `${fixture.name}: codes`).toBe('string');
  }
  return data as Expectation;
}

function formatOf(fixture: Fixture): FormatName {
  expect(isFormatName(fixture.format), `${fixture.name}: unknown format folder`).toBe(true);
  return fixture.format as FormatName;
}

const fixtures = listFixtures();

describe('fixture corpus', () => {
  it('has valid and invalid cases for every format but json', () => {
    for (const format of ['baton', 'context-kit', 'anchor', 'pipeline-xml', 'forge', 'phase']) {
      for (const folder of FOLDERS) {
        const n = fixtures.filter((f) => f.format === format && f.folder === folder).length;
        expect(n, `${format}/${folder}`).toBeGreaterThan(0);
      }
    }
  });

  it('has no expectation without its fixture', () => {
    const orphans: string[] = [];
    for (const format of readdirSync(ROOT)) {
      for (const folder of FOLDERS) {
        const dir = join(ROOT, format, folder);
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir)) {
          const stem = file.replace(/\.expect\.json$/, '');
          if (
            file.endsWith('.expect.json') &&
            !['.md', '.xml', '.json'].some((e) => existsSync(join(dir, stem + e)))
          ) {
            orphans.push(join(format, folder, file));
          }
        }
      }
    }
    expect(orphans).toEqual([]);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const expected = readExpectation(fixture);
    const format = formatOf(fixture);
    if (fixture.folder === 'valid') {
      expect(expected.verdict, 'a valid/ case must expect VALID').toBe('VALID');
    } else {
      expect(expected.verdict, 'an invalid/ case must not expect VALID').not.toBe('VALID');
    }
    const bytes = readFileSync(fixture.path);
    const report = await validateText(bytes, { format, git: false, path: fixture.path });
    const codes = report.findings.map((f) => f.code);
    const detail = JSON.stringify(
      report.findings.map((f) => `${f.verdict} ${f.code}${f.line ? `:${f.line}` : ''}`),
    );
    expect(report.verdict, `${expected.why} findings: ${detail}`).toBe(expected.verdict);
    expect(report.exitCode).toBe(expected.exitCode);
    for (const code of expected.codes ?? []) {
      expect(codes, `finding code ${code} (findings: ${detail})`).toContain(code);
    }
  });
});

describe('context-kit compatibility mode (format context-kit, git off)', () => {
  const ck = fixtures.filter((f) => f.format === 'context-kit');
  it.each(ck.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const expected = readExpectation(fixture);
    // Without --current-* flags context-kit's validator only ever answers 0 (VALID) or 1 (INVALID).
    expect([0, 1]).toContain(expected.exitCode);
    const report = await validateText(readFileSync(fixture.path), {
      format: 'context-kit',
      git: false,
      path: fixture.path,
    });
    expect({ verdict: report.verdict, exitCode: report.exitCode }).toEqual({
      verdict: expected.verdict,
      exitCode: expected.exitCode,
    });
    // None of baton's own checks (hash, expiry, freshness) may add a verdict in this mode.
    const verdicts = new Set(report.findings.map((f) => f.verdict));
    for (const v of verdicts) expect(['INVALID', 'INFO']).toContain(v);
  });
});
