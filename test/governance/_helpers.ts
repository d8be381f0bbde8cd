/** Helpers of the governance tests: temporary key homes and trusted-key folders, judging text. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CurrentRole } from '../../src/governance/classes.js';
import { judgeInputOf } from '../../src/governance/context.js';
import { type Judgement, judgeArtifact } from '../../src/governance/judge.js';
import { generateKey, loadPrivateKey, loadTrustedKeys } from '../../src/governance/keys.js';

/** A canonical handoff (valid without git) to approve and validate. */
export const HANDOFF = `---
schema: baton/handoff-v1
id: 01JD3Z8Q7X9V2K4M6N8P0R2T4W
created_at: 2026-11-30T01:14:19Z
from: builder
status: in-progress
---

# Add retry with backoff to the fetch client

## Goal

Make the HTTP client retry idempotent requests on 5xx responses.

## Summary

Retry loop is in \`src/http/client.ts\`; jitter is still missing.

## Remaining

### Add jitter to the backoff
- Verify by: \`npx vitest run test/http/backoff.test.ts\`
`;

/** A Markdown boot artifact with a manifest. */
export function withManifest(
  fields: Record<string, string>,
  body = '# Rules\n\nRun the tests before pushing.\n',
): string {
  const lines = Object.entries(fields).map(([k, v]) => `  ${k}: ${v}`);
  return `---\ncontext_manifest:\n${lines.join('\n')}\n---\n${body}`;
}

/** A folder with a key home and a trusted-keys folder; keys made on demand. */
export class Keys {
  readonly dir = mkdtempSync(join(tmpdir(), 'baton-gov-'));
  readonly home = join(this.dir, 'home');
  readonly trusted = join(this.dir, 'trusted-keys');

  constructor() {
    mkdirSync(this.trusted, { recursive: true });
  }

  /** Generates `name`; trusted unless `trust` is false. */
  async make(name: string, trust = true) {
    return generateKey(name, { home: this.home, ...(trust ? { trustDir: this.trusted } : {}) });
  }

  /** The private key of `name`. */
  key(name: string) {
    return loadPrivateKey(name, this.home);
  }

  /** Judges `text` as a boot artifact would be. */
  judge(text: string, options: { now?: Date; writer?: CurrentRole } = {}): Promise<Judgement> {
    return judgeArtifact(judgeInputOf(text, Buffer.from(text)), {
      trustedKeys: () => loadTrustedKeys(this.trusted),
      ...options,
    });
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The codes of a judgement's findings. */
export function codes(j: { findings: { code: string }[] }): string[] {
  return j.findings.map((f) => f.code);
}
