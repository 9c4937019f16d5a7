import type { Conversation } from '@noek/contracts';

/**
 * Spec §7: bulk delete, archive and restore are one call per conversation. Runs them all (a few at a
 * time), answers the ids that succeeded; failures are only logged (spec §8).
 */
export async function forEachConversation(
  ids: number[],
  action: (id: number) => Promise<unknown>,
  label: string,
  concurrency = 4,
): Promise<number[]> {
  const done: number[] = [];
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await action(id);
        done.push(id);
      } catch (err) {
        console.error(`${label} failed for conversation ${id}`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return done;
}

export const ids = (list: Conversation[]) => list.map((c) => c.id);
