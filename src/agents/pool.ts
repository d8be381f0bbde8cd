/**
 * The `pool` agent: an endpoint of `kind: pool` spreads calls over its members (other endpoints:
 * A2A builders, commands, OpenAI-compatible servers). A member takes at most `max_tasks` calls at
 * once (default 1); a call waits for a free member, prefers the member that served its task's last
 * call, and moves to another member when one refuses it, times out or cannot be reached, each move
 * reported to the run (`failover`). The pool is one agent to the run engine, so windows, budgets and
 * continuations work as for any endpoint.
 */
import type { Agent, AgentCall, AgentReply } from './types.js';

/** One member of a pool. */
export interface PoolMember {
  /** The endpoint's name, for records. */
  name: string;
  agent: Agent;
  /** Calls it takes at once (default 1). */
  maxTasks: number;
}

interface Slot extends PoolMember {
  busy: number;
}

/** A pool named `name` over `members`. */
export function poolAgent(name: string, members: readonly PoolMember[]): Agent {
  const slots: Slot[] = members.map((m) => ({ ...m, busy: 0 }));
  const waiting: (() => void)[] = [];
  const lastMember = new Map<string, Slot>();
  const release = (slot: Slot) => {
    slot.busy--;
    for (const wake of waiting.splice(0)) wake();
  };
  // A free member not tried yet for this call, the task's last one first, then the least busy.
  const pick = (task: string, tried: ReadonlySet<Slot>): Slot | undefined => {
    const free = slots.filter((s) => !tried.has(s) && s.busy < s.maxTasks);
    const last = lastMember.get(task);
    if (last && free.includes(last)) return last;
    return free.sort((a, b) => a.busy / a.maxTasks - b.busy / b.maxTasks)[0];
  };
  const acquire = async (call: AgentCall, tried: ReadonlySet<Slot>): Promise<Slot | undefined> => {
    for (;;) {
      if (call.signal?.aborted || tried.size === slots.length) return undefined;
      const slot = pick(call.task, tried);
      if (slot) {
        slot.busy++;
        return slot;
      }
      await new Promise<void>((wake) => {
        waiting.push(wake);
        call.signal?.addEventListener('abort', () => wake(), { once: true });
      });
    }
  };
  return {
    name,
    async call(call) {
      const started = Date.now();
      const tried = new Set<Slot>();
      const reasons: string[] = [];
      let slot = await acquire(call, tried);
      while (slot) {
        let reply: AgentReply;
        try {
          reply = await slot.agent.call(call);
        } finally {
          release(slot);
        }
        const where = reply.builtBy ? `${slot.name} (${reply.builtBy})` : slot.name;
        if (!reply.unavailable || call.signal?.aborted) {
          lastMember.set(call.task, slot);
          return { ...reply, builtBy: where };
        }
        tried.add(slot);
        reasons.push(`${slot.name}: ${reply.error ?? reply.unavailable}`);
        const from = slot.name;
        slot = await acquire(call, tried);
        call.report?.({
          kind: 'failover',
          from,
          cause: reply.unavailable,
          reason: reply.error ?? reply.unavailable,
          ...(slot ? { to: slot.name } : {}),
        });
      }
      return {
        text: '',
        ok: false,
        error: call.signal?.aborted
          ? 'interrupted'
          : `no member of pool ${name} took the call: ${reasons.join('; ')}`,
        durationMs: Date.now() - started,
      };
    },
  };
}
