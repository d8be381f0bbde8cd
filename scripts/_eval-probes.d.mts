/** Types of scripts/_eval-probes.mjs (the probes the handoff evaluation scores with), as tests use them. */
export function truthOf(command: string, result: unknown): 'passed' | 'failed' | 'unknown';
export function keptIn(text: string): (request: string) => boolean;
export function namedIn(written: string, allPaths: string[]): (path: string) => boolean;
