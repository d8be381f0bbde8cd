/**
 * Secrets in the log never reach a compiled handoff (which is committed, archived and sent to
 * other agents): keys of a known shape, the values of secret-named settings and flags, a URL's
 * password and random-looking tokens become `[redacted]`; commit ids, hashes, paths, identifiers
 * and references to a secret (`$TOKEN`, `process.env.X`) stay. Cases of our own, in the styles of
 * the sessions read; a held-out set in fixtures/secrets-heldout.tsv, scored against the figure in
 * docs/hosts.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileAndWrite } from '../../src/hosts/compile-write.js';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { redactSecrets, secretValuesIn } from '../../src/transcripts/_secrets.js';
import { compileTranscript } from '../../src/transcripts/index.js';
import { validateFile } from '../../src/validate/validate.js';
import { type Step, writeClaudeSession, writeCodexRollout } from './support/sessions.js';

const SECRETS: [string, string][] = [
  ['a key pasted in a request', 'the key is sk-proj-T9xQ2mW7zK4pL8vN3bR6yH1cF5dJ0gA'],
  ['an Anthropic key', 'ANTHROPIC_API_KEY=sk-ant-api03-aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5o'],
  [
    'a GitHub token in a remote URL',
    'git remote set-url origin https://ghp_Ab3De5Gh7Jk9Mn1Pq3St5Vx7Za9Ce1Gi3Km5@github.com/o/r',
  ],
  ['a fine-grained GitHub token', 'GH_TOKEN=github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789'],
  ['an AWS access key id', 'aws_access_key_id = AKIAQWERTYUIOPASDFGH'],
  ['an AWS secret by its setting', 'aws_secret_access_key = 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'],
  [
    'a JSON web token',
    'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhYmMifQ.k3Lq9Wz2Xv8Rt5Yp1Nm7Bc4Df6Gh0Jk',
  ],
  [
    'a random bearer token',
    'curl -H "Authorization: Bearer q8Zt3Kw9Lm2Xv7Rp4Nb6Yc1Hd5Gf0Js" https://api.test',
  ],
  ['a password in a database URL', 'DATABASE_URL=postgres://app:n7Kq2Zx9Lp@db:5432/app'],
  ['a password flag', 'mysql -u root --password=Pa55w0rd! shop'],
  ['a password setting in code', "PASSWORD = 'winter2024!'"],
  ['an app secret in JSON', '{"appId": "cli_a1b2c3d4e5f60718", "appSecret": "Hq7Lw2Zp9Xk4Nm8Rt3Yb6Vc1"}'],
  ['an app id and its secret pasted together', 'cli_a1b2c3d4e5f60718 Hq7Lw2Zp9Xk4Nm8Rt3Yb6Vc1Df5Gh0Jk'],
  ['a token flag', 'openclaw gateway --token Zk3Lq8Wm2Xv7Rp4Nb6Y'],
  ['a secret in Chinese', '密钥：Ab3De5Gh7Jk9Mn1Pq3St'],
  [
    'a private key block',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7q\n-----END RSA PRIVATE KEY-----',
  ],
  ['a Slack token', 'SLACK_BOT_TOKEN=xoxb-1111-2222-AbCdEfGhIjKl'],
  ['a Google API key', 'key=AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'],
  ['a password pasted after its account', 'GitHub 账号\nlin.dev@example.com\n\nQwe987654! 这个帐号'],
  ['a password after a slash', 'log in as ops@example.org / Harbor2031'],
  ['a pass setting', 'user admin@shop.example pass: tulip2031'],
  ['a key said to be one', 'my elevenlabs api key is sk_9c1e5a7b3d2f4e6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e'],
  [
    'a password written straight after the word',
    '服务器 10.0.0.8 端口 2200 用户 root 登录密码Vb7rT2kQ9mZx 请帮我部署',
  ],
  ['a password after 是', '数据库的口令是 h3Lp8Qw2Zk'],
];

const PLAIN: [string, string][] = [
  ['a commit id', 'git show 947f138c169a31dac71f9a7164b54dcbab11c9ba --stat'],
  ['a UUID', 'session 6c47c562-0f1e-4abc-9def-0123456789ab'],
  ['a sha256 digest', 'sha256:4b825dc642cb6eb9a060e54bf8d69288fbee4904a1b2c3d4e5f60718293a4b5c'],
  ['a long path', 'apps/web-terminal/src/store/memoryStore/slices/autopilot-store/types.ts'],
  ['camelCase and snake_case names', 'getUserProfileByIdAndName2 review_context_controller_test'],
  ['a reference to a secret', 'API_KEY=$API_KEY npm test'],
  ['a secret read from the environment', 'const token = process.env.GITHUB_TOKEN'],
  ['code that reads a secret', 'cli = get_client(args.source, api_key=args.api_key)'],
  ['a placeholder', 'set the password to <your password>'],
  ['a word after the setting name', 'token: expired'],
  ['a package spec', 'node_modules/.pnpm/@tanstack+react-query@5.59.0_react@18.3.1'],
  ['a count of tokens', 'the token count is 1234 and the secret menu has 3 items'],
  ['a file of tokens', '--token-file ~/.config/app/token.txt'],
  ['an app id alone', 'app id cli_a1b2c3d4e5f60718'],
  ['a shell variable built from a name', 'peer_token_var="token_$peer_id"'],
  ['a program after ssh to an account', 'ssh -p 2222 deploy@203.0.113.7 "python3 /srv/app/migrate.py"'],
  ['a word after an email address', 'write to team@example.com Tomorrow about release v2.3.1'],
  ['a state said of a token', 'the token is expired and the password is required'],
  ['where a key is kept', 'the api key is stored in vault, the secret is rotated weekly'],
  ['a password rule in Chinese', '密码长度至少12位，密码需要包含数字和字母'],
];

describe('redactSecrets', () => {
  for (const [what, text] of SECRETS) {
    it(`redacts ${what}`, () => {
      const { text: out, count } = redactSecrets(text);
      expect(count).toBeGreaterThan(0);
      expect(out).toContain('[redacted]');
      // No long run of the secret is left (words and hexadecimal ids are not secrets).
      const random = text.match(/[A-Za-z0-9+/]{16,}/g) ?? [];
      for (const r of random) if (!/^[a-z]+$|^[0-9a-f]+$/.test(r)) expect(out).not.toContain(r);
    });
  }
  for (const [what, text] of PLAIN) {
    it(`keeps ${what}`, () => {
      expect(redactSecrets(text)).toEqual({ text, count: 0 });
    });
  }
  it('keeps the name of the setting and a known prefix, so the reader knows what was there', () => {
    expect(redactSecrets('export OPENAI_API_KEY=sk-proj-T9xQ2mW7zK4pL8vN3bR6yH1cF5dJ0gA').text).toBe(
      'export OPENAI_API_KEY=sk-proj-[redacted]',
    );
    expect(redactSecrets('postgres://app:n7Kq2Zx9Lp@db/app').text).toBe('postgres://app:[redacted]@db/app');
  });
});

describe('hostile text', () => {
  // Each of these took seconds while a repetition was unbounded (a scheme, a setting's name, an
  // address): a log is other people's text, and the compiler runs in the host's hooks.
  it('is read in one pass: long runs of what each pattern starts with come back unchanged', () => {
    for (const unit of ['a-', 'a.b', 'x_token_', 'a_', 'aB3', 'http://u:', 'a@b.', '--password ']) {
      const text = unit.repeat(Math.ceil(100_000 / unit.length));
      expect(redactSecrets(text).text.length, unit).toBeGreaterThan(0);
    }
  });
});

describe('a compiled handoff', () => {
  it('holds no secret of the log, says how many it left out, and is written VALID', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-secrets-'));
    const repo = createTempRepo();
    try {
      const path = join(dir, 'session.jsonl');
      const key = 'sk-proj-T9xQ2mW7zK4pL8vN3bR6yH1cF5dJ0gA';
      const bearer = 'q8Zt3Kw9Lm2Xv7Rp4Nb6Yc1Hd5Gf0Js';
      writeClaudeSession(path, repo.dir, [
        { user: `Wire the client to the API. The key is ${key}` },
        { write: 'src/client.ts' },
        { bash: `curl -sf -H "Authorization: Bearer ${bearer}" https://api.test/v1/ping`, exit: 0 },
        { bash: 'DB_PASSWORD=Pa55w0rd! npm test', exit: 1, output: 'Tests  1 failed | 3 passed (4)' },
        { user: 'use the same key for staging, never commit .env' },
        { say: `I will set OPENAI_API_KEY=${key} in .env and run the tests again.` },
      ]);
      const { written } = await compileAndWrite(path, { cwd: repo.dir, env: {} });
      expect(written.ok, JSON.stringify(written)).toBe(true);
      const handoff = join(repo.dir, '.baton/handoff.md');
      const text = readFileSync(handoff, 'utf8');
      for (const secret of [key.slice(8), bearer, 'Pa55w0rd!']) expect(text).not.toContain(secret);
      expect(text).toContain('sk-proj-[redacted]');
      expect(text).toMatch(/\d value\(s\) that look like secrets .* are shown as \[redacted\]/);
      const report = await validateFile(handoff, { git: true });
      expect(report.verdict, JSON.stringify(report.findings)).toBe('VALID');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      repo.cleanup();
    }
  });
});

// A value the session itself put in a secret's place is a secret wherever else it stands: a key
// with no name pasted into the chat, the agent's own words quoting it.
describe('values the log used as secrets', () => {
  const plan = '4d7e19a2-8b3c-4f56-a1d9-0c2b3e4f5a6b';
  const draftOf = async (host: 'claude' | 'codex', steps: Step[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-learned-'));
    try {
      const path = join(dir, 'session.jsonl');
      (host === 'claude' ? writeClaudeSession : writeCodexRollout)(path, dir, steps);
      return (await compileTranscript(path)).draft;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('learns them from a setting, a flag or a bearer token in any text of the log', () => {
    expect(secretValuesIn(`{\n  "baseUrl": "https://ark.example/v3",\n  "apiKey": "${plan}"\n}`)).toEqual([
      plan,
    ]);
    expect(secretValuesIn('deploy --auth-token 7Hq2Lw9Zx4Km8Rt3 --region eu')).toEqual(['7Hq2Lw9Zx4Km8Rt3']);
    expect(secretValuesIn('curl -H "Authorization: Bearer q8Zt3Kw9Lm2Xv7Rp4Nb6Yc1Hd5Gf0Js" x')).toEqual([
      'q8Zt3Kw9Lm2Xv7Rp4Nb6Yc1Hd5Gf0Js',
    ]);
    // Code that names a value, a placeholder or a plain word teaches nothing.
    for (const code of [
      'const user = { password: hashedPassword };',
      'API_KEY=$ARK_API_KEY',
      'token: process.env.TOKEN',
      '"apiKey": "your-api-key-here"',
      'secret: expired',
    ])
      expect(secretValuesIn(code), code).toEqual([]);
  });

  for (const host of ['claude', 'codex'] as const) {
    it(`leaves a key pasted with no name out of a ${host === 'claude' ? 'Claude Code' : 'Codex'} draft once the agent wrote it as one`, async () => {
      const draft = await draftOf(host, [
        { user: 'Set up the gateway for the five bots' },
        { user: `Volcano coding plan ${plan}` },
        {
          write: 'config/gateway.json',
          content: `{\n  "apiKey": "${plan}",\n  "model": "ark-code-latest"\n}`,
        },
        { user: `also use ${plan} for the staging gateway` },
        { say: `Configured the key ${plan} in config/gateway.json.` },
      ]);
      expect(draft).not.toContain(plan);
      expect(draft).not.toContain(plan.slice(9));
      expect(draft).toContain('Volcano coding plan [redacted]');
      expect(draft).toMatch(/value\(s\) that look like secrets/);
    });
  }

  it('keeps the same kind of value where the log never used it as a secret', async () => {
    const trace = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
    const draft = await draftOf('claude', [
      { user: `The request ${trace} failed in production, find out why` },
      { write: 'src/log.ts', content: `const traceId = "${trace}";` },
      {
        bash: 'grep -rn "password: hashedPassword" src',
        exit: 0,
        output: 'src/user.ts:4: password: hashedPassword,',
      },
      { user: 'rename hashedPassword2 to passwordHash' },
    ]);
    expect(draft).toContain(trace);
    expect(draft).toContain('hashedPassword2');
    expect(draft).not.toContain('[redacted]');
  });
});

describe('held out (fixtures/secrets-heldout.tsv)', () => {
  it('redacts at least 18 of its 20 secrets and changes at most 1 of its 20 plain lines (docs/hosts.md)', () => {
    const rows = readFileSync(join(import.meta.dirname, 'fixtures/secrets-heldout.tsv'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t') as [string, string]);
    let caught = 0;
    let secrets = 0;
    let changed = 0;
    let plain = 0;
    for (const [kind, line] of rows) {
      if (kind === 'secret') {
        const [text, secret] = line.split(' || ') as [string, string];
        secrets++;
        if (!redactSecrets(text).text.includes(secret)) caught++;
      } else {
        plain++;
        if (redactSecrets(line).text !== line) changed++;
      }
    }
    console.log(`held-out secrets: ${caught}/${secrets} redacted, ${changed}/${plain} plain lines changed`);
    expect(secrets).toBe(20);
    expect(plain).toBe(20);
    expect(caught).toBeGreaterThanOrEqual(18);
    expect(changed).toBeLessThanOrEqual(1);
  });
});
