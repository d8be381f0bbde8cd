/**
 * Git answers kept by a long-lived process (the servers): one answer per repository state, asked
 * for off the event loop. A capture is kept with a snapshot of the stat data it depends on and
 * reused while the snapshot holds; the keys on the base ref are kept by the commit the ref names;
 * what moved between two commits never changes. Requests that come in while the same answer is
 * being asked for share it. The CLI does not use this: one process per call, and at most three
 * git processes for a capture.
 *
 * A request that waited (a burst of A2A senders queued behind the ones being verified) may take
 * an answer whose check began after the request arrived, without checking again: that answer
 * says how the repository was at a moment the sender had already sent, which is all a check of
 * its own could say (`asOf`).
 */

import type { Provenance } from '../handoff/types.js';
import { resolveRef } from './_refs.js';
import { type Snapshot, snapshotHolds, takeSnapshot } from './_snapshot.js';
import { type Capture, type CaptureOptions, captureSteps, excludingPaths, repositoryOf } from './capture.js';
import { locateRepository, type RepositoryLocation } from './discover.js';
import { runGitAsync, runStepsAsync } from './git.js';
import { recogniseSteps, type SameRepository } from './identity.js';
import { type Since, sinceSteps } from './since.js';
import { type FolderAtRef, type FolderOptions, folderSteps } from './tree.js';

// How many answers of each kind are kept; the least recently used goes first.
const KEEP = 64;

/** A kept capture and when (`performance.now()`) its snapshot was last seen to hold. */
interface KeptCapture {
  capture: Capture;
  snapshot: Snapshot;
  heldAt: number;
}

/** What the answers of one process share, whichever request's view asks. */
class Kept {
  readonly captures = new Map<string, KeptCapture>();
  readonly locations = new Map<string, { loc: RepositoryLocation; at: number }>();
  readonly moves = new Map<string, Since>();
  readonly folders = new Map<string, FolderAtRef | undefined>();
  readonly commits = new Map<string, true>();
  readonly asking = new Map<string, Promise<unknown>>();
}

/** The answers of one long-lived process; every method may run git, never synchronously. */
export class GitAnswers {
  private readonly kept: Kept;
  /** A check that began at or after this time (`performance.now()`) is taken without another. */
  private readonly notBefore: number;

  constructor(kept = new Kept(), notBefore = Number.POSITIVE_INFINITY) {
    this.kept = kept;
    this.notBefore = notBefore;
  }

  /**
   * The same answers for a request that arrived at `arrivedAt` (`performance.now()`): a capture
   * or a repository location checked after that moment is taken as it is.
   */
  asOf(arrivedAt: number): GitAnswers {
    return new GitAnswers(this.kept, arrivedAt);
  }

  /**
   * `captureProvenance`, answered from the last capture of the repository while nothing it
   * depends on has changed. A cached answer reports no git processes.
   */
  async capture(path: string, options: CaptureOptions = {}): Promise<Capture> {
    const { captures } = this.kept;
    const loc = this.locate(path);
    const key = `capture\0${loc.root}\0${options.baseRef ?? ''}`;
    const kept = captures.get(key);
    const exclude = (c: Capture) => (options.exclude?.length ? excludingPaths(c, options.exclude) : c);
    if (kept && this.holds(kept)) {
      remember(captures, key, kept);
      return exclude({ ...kept.capture, gitProcesses: 0 });
    }
    const capture = await this.once(key, async () => {
      const started = Date.now();
      const heldAt = performance.now();
      const base = options.baseRef ? { baseRef: options.baseRef } : {};
      // Ignored paths too: the snapshot leaves out what git leaves out.
      const steps = captureSteps(loc, base, ['--ignored=matching']);
      const { capture, status } = await runStepsAsync(loc.root, steps);
      const snapshot = takeSnapshot(loc, status.ignored, started);
      if (snapshot) remember(captures, key, { capture, snapshot, heldAt });
      else captures.delete(key);
      return capture;
    });
    return exclude(capture);
  }

  // Checked after this view's request arrived, or found unchanged now.
  private holds(kept: KeptCapture): boolean {
    if (kept.heldAt >= this.notBefore) return true;
    const checking = performance.now();
    if (!snapshotHolds(kept.snapshot)) return false;
    kept.heldAt = Math.max(kept.heldAt, checking);
    return true;
  }

  // The repository `path` is in (`repositoryOf`), or the one found for it since the request arrived.
  private locate(path: string): RepositoryLocation {
    const { locations } = this.kept;
    const found = locations.get(path);
    if (found && found.at >= this.notBefore) return found.loc;
    const at = performance.now();
    const loc = repositoryOf(path);
    remember(locations, path, { loc, at });
    return loc;
  }

  /** `describeSince`: the commits and files between two commits, asked for once. */
  async since(
    root: string,
    saved: string,
    head: string,
    maxCommits = 500,
    exclude: readonly string[] = [],
  ): Promise<Since> {
    const key = [root, saved, head, maxCommits, ...exclude].join('\0');
    const kept = this.kept.moves.get(key);
    if (kept) return kept;
    return this.once(`since\0${key}`, async () => {
      const since = await runStepsAsync(root, sinceSteps(saved, head, maxCommits, exclude));
      // An unknown commit may be fetched later: only an answer about known commits is final.
      if (since.relation !== 'unknown') remember(this.kept.moves, key, since);
      return since;
    });
  }

  /**
   * `readFolderAtRef`, kept by the commit `ref` names now (read from the ref files): a new commit
   * on the ref, a merged key say, is a new answer. A ref that cannot be read from files is asked
   * for every time.
   */
  async folderAtRef(
    root: string,
    ref: string,
    folder: string,
    options: FolderOptions = {},
  ): Promise<FolderAtRef | undefined> {
    const loc = locateRepository(root);
    const oid = loc && resolveRef(loc.gitDir, loc.commonDir, ref);
    if (!oid) return runStepsAsync(root, folderSteps(ref, folder, options));
    const key = [loc.root, ref, oid, folder, options.maxBytes ?? '', options.maxFiles ?? ''].join('\0');
    if (this.kept.folders.has(key)) return this.kept.folders.get(key);
    return this.once(`folder\0${key}`, async () => {
      // Read at the commit itself, so that a ref moving meanwhile cannot change what is kept under it.
      const read = await runStepsAsync(root, folderSteps(oid, folder, options));
      const answer = read && { ...read, ref };
      remember(this.kept.folders, key, answer);
      return answer;
    });
  }

  /** Whether the repository at `root` has `commit`; a yes is kept (a commit once there stays), a no is asked again. */
  async hasCommit(root: string, commit: string): Promise<boolean> {
    const key = `commit\0${root}\0${commit}`;
    if (this.kept.commits.has(key)) return true;
    return this.once(key, async () => {
      const found = (await runGitAsync(root, ['cat-file', '-e', `${commit}^{commit}`])).status === 0;
      if (found) remember(this.kept.commits, key, true);
      return found;
    });
  }

  /**
   * `recogniseRepository` off the event loop. Not kept: its answer depends on HEAD, and it is
   * asked only when a handoff names the repository differently.
   */
  recognise(root: string, saved: Partial<Provenance>): Promise<SameRepository | undefined> {
    return runStepsAsync(root, recogniseSteps(saved));
  }

  // One question in flight per key: whoever asks while it runs shares its answer.
  private once<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const { asking } = this.kept;
    const running = asking.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = ask().finally(() => asking.delete(key));
    asking.set(key, promise);
    return promise;
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEEP) map.delete(map.keys().next().value as string);
}
