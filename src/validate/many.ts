/** Validates many artifacts (files and folders) in one process; the worst verdict wins. */
import { statSync } from 'node:fs';
import { finding } from '../handoff/finding.js';
import type { Capture } from '../provenance/index.js';
import { listHandoffFiles } from './paths.js';
import { EXIT_CODES, type Report, type ValidationSummary, worstVerdict } from './report.js';
import { type ValidateOptions, validateFile } from './validate.js';

/** Validates each path; a folder stands for every handoff file in it. */
export async function validatePaths(
  paths: readonly string[],
  options: ValidateOptions = {},
): Promise<ValidationSummary> {
  const captureCache = options.captureCache ?? new Map<string, Capture | Error>();
  const reports: Report[] = [];
  for (const path of paths) {
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      folder = false;
    }
    const files = folder ? listHandoffFiles(path) : [path];
    if (folder && files.length === 0) {
      reports.push({
        verdict: 'INVALID',
        exitCode: EXIT_CODES.INVALID,
        path,
        format: options.format ?? 'auto',
        findings: [
          finding('INVALID', 'no-handoffs', `${path} is a folder with no handoff files (.md or .json) in it`),
        ],
        stats: { bytes: 0, lines: 0, items: 0 },
      });
      continue;
    }
    for (const file of files) reports.push(await validateFile(file, { ...options, captureCache }));
  }
  const verdict = worstVerdict(reports.map((r) => r.verdict));
  return { verdict, exitCode: EXIT_CODES[verdict], reports };
}
