import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProvider, HostApi, ProviderHealth } from '@noek/contracts';
import { ConfirmDialog, errorJson, serverMessage } from '@noek/ui';
import { ProviderDialog, type ProviderSave } from './provider-dialog';
import { providersApi } from './providers-api';
import './providers.css';

const providersKey = ['admin', 'providers'] as const;

export const healthLabels: Record<ProviderHealth, string> = {
  up: 'OK',
  down: 'Unreachable',
  unauthorized: 'Bad key',
  unknown: 'Not checked yet',
};

function healthOf(p: AdminProvider): string {
  return p.enabled ? healthLabels[p.health] : 'Disabled';
}

/** The field errors of a refused save (`body.<field>`), shown under their inputs. */
function fieldErrors(err: unknown): Record<string, string> {
  const fields = errorJson(err)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).flatMap(([k, v]) =>
      Array.isArray(v) && typeof v[0] === 'string' ? [[k.replace(/^body\./, ''), v[0]]] : [],
    ),
  );
}

/**
 * Model providers (issue 27): the ones configured by environment (read-only) and the ones admins
 * added, with health, model count and last check; add, edit, disable and delete the stored ones.
 */
export function ProvidersScreen({ host }: { host: HostApi }) {
  const client = useQueryClient();
  const providers = useQuery({ queryKey: providersKey, queryFn: providersApi.list, refetchInterval: 30_000 });
  const [editing, setEditing] = useState<AdminProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProvider | null>(null);
  const fail = (title: string) => (err: unknown) =>
    host.toast({ title: 'Error', description: serverMessage(err, title), variant: 'destructive' });
  const refresh = () => client.invalidateQueries({ queryKey: providersKey });

  const save = useMutation({
    mutationFn: (s: ProviderSave) =>
      s.kind === 'create' ? providersApi.create(s.body) : providersApi.update(s.id, s.body),
    onSuccess: (p) => {
      setEditing(null);
      host.toast({
        title: 'Provider Saved',
        description: `${p.name}: ${healthOf(p)}, ${p.modelCount} models.`,
      });
      return refresh();
    },
    onError: fail('Failed to save the provider'),
  });
  const toggle = useMutation({
    mutationFn: (p: AdminProvider) => providersApi.update(p.id, { enabled: !p.enabled }),
    onSuccess: refresh,
    onError: fail('Failed to update the provider'),
  });
  const remove = useMutation({
    mutationFn: (p: AdminProvider) => providersApi.remove(p.id),
    onSuccess: () => {
      setDeleting(null);
      return refresh();
    },
    onError: fail('Failed to delete the provider'),
  });

  if (providers.isError)
    return <p role="alert">The providers could not be loaded: {providers.error.message}</p>;
  if (!providers.data) return <p className="noek-muted">Loading the providers…</p>;
  return (
    <section className="providers" data-testid="admin-providers">
      <div className="noek-row providers__tools">
        <p className="noek-muted">
          OpenAI-compatible endpoints whose models users may pick. Keys are stored encrypted and never shown.
        </p>
        <button type="button" className="noek-btn" onClick={() => (save.reset(), setEditing('new'))}>
          Add Provider
        </button>
      </div>
      {providers.data.length === 0 ? (
        <p className="admin__empty">No provider yet: replies come from the offline responder.</p>
      ) : (
        <div className="admin-table__wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Base URL</th>
                <th>Key</th>
                <th>Health</th>
                <th>Models</th>
                <th>Last checked</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {providers.data.map((p) => (
                <tr key={`${p.source}-${p.id}`} data-testid={`provider-${p.id}`}>
                  <td>
                    {p.name} <span className="noek-muted">({p.id})</span>
                  </td>
                  <td className="providers__url">{p.baseUrl || 'OpenAI'}</td>
                  <td>{p.apiKey.set ? `Set (…${p.apiKey.last4 ?? ''})` : 'None'}</td>
                  <td>
                    <span className={`providers__health providers__health--${p.enabled ? p.health : 'off'}`}>
                      {healthOf(p)}
                    </span>
                  </td>
                  <td>{p.modelCount}</td>
                  <td>{p.checkedAt ? new Date(p.checkedAt).toLocaleString() : '—'}</td>
                  <td>
                    {p.source === 'environment' ? (
                      <span className="noek-muted">Set by environment</span>
                    ) : (
                      <div className="admin-table__actions">
                        <button
                          type="button"
                          className="noek-btn noek-btn-ghost"
                          onClick={() => (save.reset(), setEditing(p))}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="noek-btn noek-btn-ghost"
                          disabled={toggle.isPending}
                          onClick={() => toggle.mutate(p)}
                        >
                          {p.enabled ? 'Disable' : 'Enable'}
                        </button>
                        <button
                          type="button"
                          className="noek-btn noek-btn-ghost"
                          onClick={() => setDeleting(p)}
                        >
                          Delete
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <ProviderDialog
          provider={editing === 'new' ? undefined : editing}
          busy={save.isPending}
          serverErrors={fieldErrors(save.error)}
          onClose={() => setEditing(null)}
          onSave={(s) => save.mutate(s)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Provider"
          message={`Delete ${deleting.name}? Its models stop being offered; replies they wrote stay.`}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
