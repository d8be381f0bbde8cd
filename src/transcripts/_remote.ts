/**
 * Commands that ran on another machine: `ssh host …`, and `scp` / `rsync` to or from `host:path`.
 * What they changed there is in no file list or commit the log shows, so a handoff says so rather
 * than let "0 files touched" stand for work done on a server.
 */
import { commandLayout } from './_checks.js';

// ssh's options that take a value (`-p 22000`, `-i key`, `-o StrictHostKeyChecking=no`).
const SSH_VALUE_OPTIONS = new Set([
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-o',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
]);
// `user@host:path` or `host:path` as scp and rsync write a remote side (not a URL, not `C:\`).
const REMOTE_PATH = /^(?:[\w.-]+@)?([\w-]+(?:\.[\w-]+)*):(?!\/\/)/;

/** How many commands ran on another machine, and the machines (`user@host`), in order first seen. */
export function remoteWork(commands: readonly string[]): { count: number; hosts: string[] } {
  const hosts: string[] = [];
  let count = 0;
  for (const command of commands) {
    const found = new Set<string>();
    for (const segment of commandLayout(command).segments) {
      for (const stage of segment.stages) {
        const host = remoteHostOf(stage);
        // `git@github.com` is a git remote (`ssh -T git@github.com` tests a key), not a machine worked on.
        if (host && !host.startsWith('git@')) found.add(host);
      }
    }
    if (found.size === 0) continue;
    count++;
    for (const h of found) if (!hosts.includes(h)) hosts.push(h);
  }
  return { count, hosts };
}

function remoteHostOf(stage: string): string | undefined {
  const words = stage.split(/\s+/).filter((w) => w !== '');
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] as string)) i++;
  // `sshpass -p … ssh …`, `sshpass -e ssh …`
  if (words[i] === 'sshpass') {
    i++;
    while (i < words.length && (words[i] as string).startsWith('-'))
      i += /^-[pfd]$/.test(words[i] as string) ? 2 : 1;
  }
  const program = (words[i] ?? '').replace(/^.*\//, '');
  const args = words.slice(i + 1).map((w) => w.replace(/^["']|["']$/g, ''));
  if (program === 'ssh') {
    for (let j = 0; j < args.length; j++) {
      const a = args[j] as string;
      if (SSH_VALUE_OPTIONS.has(a)) j++;
      else if (!a.startsWith('-')) return a;
    }
    return undefined;
  }
  if (program === 'scp' || program === 'rsync') {
    for (const a of args) {
      const m = REMOTE_PATH.exec(a);
      if (m && !/^[A-Za-z]$/.test(m[1] as string)) return a.slice(0, a.indexOf(':'));
    }
  }
  return undefined;
}
