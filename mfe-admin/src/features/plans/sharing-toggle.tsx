import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostApi } from '@noek/contracts';
import { serverMessage } from '@noek/ui';
import { plansApi } from './plans-api';

const sharingKey = ['admin', 'sharing'] as const;

/** Public share links on or off for everyone; chat applies it at once (existing links are kept). */
export function SharingToggle({ host }: { host: HostApi }) {
  const client = useQueryClient();
  const sharing = useQuery({ queryKey: sharingKey, queryFn: plansApi.sharing });
  const save = useMutation({
    mutationFn: (enabled: boolean) => plansApi.updateSharing(enabled),
    onSuccess: (s) => {
      host.toast({
        title: 'Sharing Updated',
        description: s.enabled ? 'Public share links work again.' : 'Public share links are turned off.',
      });
      client.setQueryData(sharingKey, s);
    },
    onError: (err) =>
      host.toast({
        title: 'Error',
        description: serverMessage(err, 'Failed to update sharing'),
        variant: 'destructive',
      }),
  });
  if (!sharing.data) return null;
  const { enabled } = sharing.data;
  return (
    <div className="plans__sharing" data-testid="admin-sharing">
      <label>
        <input
          type="checkbox"
          checked={enabled !== false}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />{' '}
        Public share links
      </label>
      <p className="noek-muted">
        {enabled === null
          ? 'Not set here: the server’s SHARING_ENABLED decides (on unless set to false).'
          : enabled
            ? 'Users may share conversations by link.'
            : 'Off: no new links, and shared pages do not open (links are kept).'}
      </p>
    </div>
  );
}
