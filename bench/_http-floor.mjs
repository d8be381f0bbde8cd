// The viewer's floor in bench/servers.mjs: node:http answering each path with the bytes and
// headers baton's viewer sent for it (read from the JSON file named by argv[2]), doing no work.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const replies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, r]) => [
    path,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
  ]),
);
const server = createServer((req, res) => {
  const r = replies.get(req.url);
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(r.status, r.headers);
  res.end(r.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}/`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
