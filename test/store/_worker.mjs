// A separate baton process writing into a store, for the reliability tests. Uses the built
// library (dist/), as a second program on the machine would.
//   node _worker.mjs <store-url> put <worker> <count>   archive <count> distinct handoffs, one transaction each
//   node _worker.mjs <store-url> hang <worker> <count> <batch>  commit <count>, then put <batch> more in
//                                                        one transaction, say "in-transaction" inside it
//                                                        and wait there to be killed
//   node _worker.mjs <store-url> put-and-leave <worker> <count>   archive <count>, then exit at once
//                                                        without closing the store
import { writeSync } from 'node:fs';
import { openStore } from '../../dist/store/index.js';

const [url, mode, worker, countText, batchText] = process.argv.slice(2);
const count = Number(countText);

function handoff(i, filler = '') {
  const id = `W${worker}-${String(i).padStart(6, '0')}`;
  const text = `---\nid: ${id}\nfrom: worker-${worker}\n---\n# Handoff ${i} of worker ${worker}\n\n${filler}\n`;
  return {
    text,
    format: 'baton',
    handoff: { id, from: `worker-${worker}`, task: `T${i % 7}`, title: `Handoff ${i} of worker ${worker}` },
  };
}

const store = await openStore({ url });
try {
  for (let i = 0; i < count; i++) await store.putHandoff(handoff(i));
  if (mode === 'put-and-leave') process.exit(0);
  if (mode === 'hang') {
    const filler = 'words to fill the page cache until it spills into the write-ahead log '.repeat(30);
    function* batch() {
      for (let i = count; i < count + Number(batchText); i++) yield handoff(i, filler);
      writeSync(1, 'in-transaction\n');
      // Block inside the open transaction until SIGKILL arrives.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
    await store.putHandoffs(batch());
  }
} finally {
  await store.close();
}
