import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baton, makeRepo } from '../e2e/_helpers.js';

describe('baton serve web', () => {
  it('a port in use is one line and exit 1; another host without a token is a usage error', async () => {
    const repo = makeRepo();
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (taken.address() as { port: number }).port;
      const busy = baton(['serve', 'web', '--port', String(port)], { cwd: repo.dir });
      expect(busy.status).toBe(1);
      expect(busy.errLines).toEqual([`baton: port ${port} on 127.0.0.1 is in use`]);
      const open = baton(['serve', 'web', '--port', '0', '--host', '0.0.0.0'], { cwd: repo.dir });
      expect(open.status).toBe(64);
      expect(open.errLines[0]).toMatch(/BATON_WEB_TOKEN/);
      expect(baton(['serve', 'web', '--port', 'x'], { cwd: repo.dir }).status).toBe(64);
    } finally {
      taken.close();
      repo.cleanup();
    }
  });
});
