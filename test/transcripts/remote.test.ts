/** Commands that ran on another machine: ssh, and scp or rsync to a `host:path`, said as such. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastConnection, remoteWork } from '../../src/transcripts/_shell.js';
import { compileTranscript } from '../../src/transcripts/index.js';
import { writeClaudeSession } from './support/sessions.js';

describe('remoteWork', () => {
  it('finds ssh, scp and rsync to another machine, with the options that take a value skipped', () => {
    expect(
      remoteWork([
        'ssh -p 22000 root@203.0.113.8 "docker ps"',
        'sshpass -p [redacted] ssh -o StrictHostKeyChecking=no deploy@web1.example.org systemctl restart nginx',
        'scp -P 2200 dist/app.tar.gz ops@203.0.113.9:/srv/app/',
        'rsync -az ./site/ backup:/var/www/site',
        'cd infra && ssh -i ~/.ssh/id_ed25519 root@203.0.113.8 "cat /etc/hosts" | head -5',
      ]),
    ).toEqual({
      count: 5,
      hosts: ['root@203.0.113.8', 'deploy@web1.example.org', 'ops@203.0.113.9', 'backup'],
      last: 4,
    });
  });

  it('leaves out local work that only looks like it', () => {
    expect(
      remoteWork([
        'ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519',
        'rsync -a src/ build/',
        'scp --help',
        'cp C:/a.txt D:/b.txt',
        'echo "ssh root@host is how you log in"',
        'git clone https://github.com/acme/widgets.git',
        'ssh -T git@github.com',
      ]),
    ).toEqual({ count: 0, hosts: [], last: -1 });
  });
});

describe('lastConnection', () => {
  it('is how the last ssh login connected: its words to the host, a key file and a port kept', () => {
    expect(
      lastConnection([
        'ssh root@203.0.113.8 uptime',
        'cd infra && ssh -i "C:\\ssh\\id_rsa" -p 2222 velocms@95.217.185.113 "mysql -e \'select 1\'"',
        'scp -P 2200 dist/app.tar.gz ops@203.0.113.9:/srv/app/',
      ]),
    ).toBe('ssh -i C:\\ssh\\id_rsa -p 2222 velocms@95.217.185.113');
    expect(lastConnection(['sshpass -p [redacted] ssh -o StrictHostKeyChecking=no deploy@web1 "ls"'])).toBe(
      'sshpass -p [redacted] ssh -o StrictHostKeyChecking=no deploy@web1',
    );
    expect(lastConnection(['ssh -T git@github.com', 'rsync -a src/ build/'])).toBeUndefined();
    expect(
      lastConnection(['sshpass -p [redacted] ssh root@203.0.113.7 -p 22000 -o ConnectTimeout=5 "docker ps"']),
    ).toBe('sshpass -p [redacted] ssh root@203.0.113.7 -p 22000 -o ConnectTimeout=5');
  });
});

describe('a compiled handoff', () => {
  it('says that work ran on another machine, where its files and commits are not listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-remote-'));
    try {
      const path = join(dir, 'session.jsonl');
      writeClaudeSession(path, dir, [
        { user: 'Fix the nginx config on the server' },
        { bash: 'ssh -p 2222 root@203.0.113.8 "sed -i s/80/8080/ /etc/nginx/conf.d/app.conf"' },
        { bash: 'ssh -p 2222 root@203.0.113.8 "nginx -t && systemctl reload nginx"' },
      ]);
      const { handoff } = await compileTranscript(path);
      expect(handoff.open_concerns).toContain(
        '2 command(s) ran on another machine (`root@203.0.113.8`, the last of them at the end): what they changed there is in no file list or commit here. The last that worked logged in with `ssh -p 2222 root@203.0.113.8`.',
      );
      // Work that went back to this machine since: when the remote commands ran is said.
      writeClaudeSession(path, dir, [
        { user: 'Fix the nginx config on the server' },
        { bash: 'ssh -p 2222 root@203.0.113.8 "nginx -t && systemctl reload nginx"' },
        { user: 'now run the gateway here in docker' },
        { bash: 'docker compose up -d', exit: 0 },
        { bash: 'docker ps', exit: 0 },
      ]);
      const local = await compileTranscript(path);
      expect(local.handoff.open_concerns).toContain(
        '1 command(s) ran on another machine (`root@203.0.113.8`, the last of them 2 command(s) before the end): what they changed there is in no file list or commit here. The last that worked logged in with `ssh -p 2222 root@203.0.113.8`.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
