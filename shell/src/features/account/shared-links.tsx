import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  sharePagePath,
  shareLinkListResponseSchema,
  shareLinkSchema,
  type ShareLink,
} from '@noek/contracts';
import { apiCall } from '@noek/ui';

const linksKey = ['chat', 'share-links'] as const;

function state(link: ShareLink, now: number): string {
  if (link.revokedAt) return 'Turned off';
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return 'Expired';
  return link.expiresAt ? `Expires ${new Date(link.expiresAt).toLocaleDateString()}` : 'Never expires';
}

/** The account's public conversation links: what each shows, its state, and Turn off. */
export function SharedLinks() {
  const qc = useQueryClient();
  const links = useQuery({
    queryKey: linksKey,
    queryFn: () =>
      apiCall(apiRoutes.conversations.shares, { parse: (v) => shareLinkListResponseSchema.parse(v) }),
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) =>
      apiCall(apiRoutes.conversations.revokeShare, {
        params: { shareId },
        parse: (v) => shareLinkSchema.parse(v),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: linksKey }),
  });
  // When the list was read: the states shown are those at that time (the list refetches on focus).
  const now = links.dataUpdatedAt;
  return (
    <section
      className="noek-card noek-stack"
      aria-labelledby="account-shared-links"
      data-testid="shared-links"
    >
      <h2 id="account-shared-links" style={{ margin: 0 }}>
        Shared links
      </h2>
      <p className="auth-hint" style={{ margin: 0 }}>
        Anyone with one of these links can read that conversation as it was when you shared it.
      </p>
      {links.isError && (
        <p className="auth-error" role="alert">
          Failed to fetch shared links
        </p>
      )}
      {links.data?.length === 0 && <p style={{ margin: 0 }}>You have not shared any conversation.</p>}
      {links.data && links.data.length > 0 && (
        <ul className="noek-stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {links.data.map((link) => {
            const live = state(link, now);
            const active = !link.revokedAt && live !== 'Expired';
            return (
              <li
                key={link.id}
                className="noek-row"
                style={{ justifyContent: 'space-between' }}
                data-testid="shared-link"
              >
                <span>
                  {active ? <a href={sharePagePath(link.id)}>{link.title}</a> : <span>{link.title}</span>}
                  <br />
                  <span className="auth-hint">
                    {link.messageCount} messages · shared {new Date(link.createdAt).toLocaleDateString()} ·{' '}
                    {live}
                  </span>
                </span>
                {!link.revokedAt && (
                  <button
                    type="button"
                    className="noek-btn noek-btn-outline"
                    aria-label={`Turn off link to ${link.title}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    Turn off
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
