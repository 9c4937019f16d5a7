import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@noek/contracts';
import { chatKeys } from '../api/query-keys';
import { pinsApi } from './pins-api';

/** The pinned conversations and the pin actions; every action answers the new list, which replaces the cached one. */
export function usePins(notify: (title: string) => void) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: chatKeys.pins, queryFn: () => pinsApi.list() });
  const pinned: Conversation[] = query.data ?? [];
  const mutation = useMutation({
    mutationFn: (change: () => Promise<Conversation[]>) => change(),
    onSuccess: (list) => qc.setQueryData(chatKeys.pins, list),
    onError: (err) => {
      notify(err instanceof Error ? err.message : 'Could not change the pins');
      void qc.invalidateQueries({ queryKey: chatKeys.pins });
    },
  });
  const move = (id: number, by: -1 | 1) => {
    const ids = pinned.map((c) => c.id);
    const from = ids.indexOf(id);
    const to = from + by;
    if (from === -1 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    // Shown at once; the server's answer confirms it.
    qc.setQueryData(
      chatKeys.pins,
      ids.map((i) => pinned.find((c) => c.id === i)!),
    );
    mutation.mutate(() => pinsApi.reorder(ids));
  };
  return {
    pinned,
    pinnedIds: new Set(pinned.map((c) => c.id)),
    pin: (id: number) => mutation.mutate(() => pinsApi.pin(id)),
    unpin: (id: number) => mutation.mutate(() => pinsApi.unpin(id)),
    move,
  };
}
export type Pins = ReturnType<typeof usePins>;
