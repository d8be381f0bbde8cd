/** Asking the person at the terminal one yes/no question (stdin and stderr are a terminal). */
import { createInterface } from 'node:readline';

/** True when there is a person to ask: stdin and stderr are both terminals. */
export function canAsk(stdinIsTTY: boolean): boolean {
  return stdinIsTTY && Boolean(process.stderr.isTTY);
}

/** Writes `text` and the question to stderr and reads one line: true for y or yes. */
export function askYesNo(text: string, question: string): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    process.stderr.write(text);
    let answered = false;
    rl.question(`${question} [y/N] `, (answer) => {
      answered = true;
      rl.close();
      resolvePromise(/^\s*y(es)?\s*$/i.test(answer));
    });
    // Ctrl-D or a closed terminal is a no.
    rl.on('close', () => {
      if (!answered) resolvePromise(false);
    });
  });
}
