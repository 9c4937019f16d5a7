import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BAD_PROVIDER_URL_MESSAGE, type AdminProvider } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { createQueryClient } from '@noek/ui/query';
import { stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { ProvidersScreen } from './providers-screen';

const envProvider: AdminProvider = {
  id: 'openai',
  name: 'OpenAI',
  source: 'environment',
  baseUrl: '',
  apiKey: { set: true, last4: 'abcd' },
  models: [],
  enabled: true,
  health: 'up',
  checkedAt: '2026-11-26T03:00:00.000Z',
  modelCount: 12,
};
const lab: AdminProvider = {
  ...envProvider,
  id: 'lab',
  name: 'GPU lab',
  source: 'stored',
  baseUrl: 'http://gpu-1:8000/v1',
  apiKey: { set: true, last4: '9876' },
  health: 'unauthorized',
  modelCount: 0,
};

function mount(answer?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  const calls = stubAdminFetch(
    (call) =>
      answer?.(call) ??
      (call.method === 'GET'
        ? { body: { providers: [envProvider, lab] } }
        : call.method === 'DELETE'
          ? { body: { deleted: 'lab' } }
          : { body: { provider: lab } }),
  );
  const host = spyHostApi(() => vi.fn());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProvidersScreen host={host} />
    </QueryClientProvider>,
  );
  return { writes: () => calls.filter((c) => c.method !== 'GET'), host };
}

function field(dialog: HTMLElement, label: string): HTMLInputElement {
  const el = [...dialog.querySelectorAll('label')].find((l) => l.firstElementChild?.textContent === label);
  const control = el?.querySelector<HTMLInputElement>('input, textarea');
  if (!control) throw new Error(`no field labelled ${label}`);
  return control;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Providers tab', () => {
  it('lists each provider with its health, key hint and model count; env ones are read-only', async () => {
    mount();
    const row = await screen.findByTestId('provider-lab');
    expect(row.textContent).toContain('Bad key');
    expect(row.textContent).toContain('Set (…9876)');
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const env = screen.getByTestId('provider-openai');
    expect(env.textContent).toContain('OK');
    expect(env.textContent).toContain('12');
    expect(env.textContent).toContain('Set by environment');
  });

  it('names a bad URL before sending, then adds the provider', async () => {
    const { writes, host } = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Provider' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Provider' });
    fireEvent.change(field(dialog, 'ID'), { target: { value: 'lab' } });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'GPU lab' } });
    fireEvent.change(field(dialog, 'Base URL'), { target: { value: 'gpu-1:8000' } });
    fireEvent.change(field(dialog, 'API Key'), { target: { value: 'sk-lab-9876' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Provider' }));
    expect(within(dialog).getByTestId('provider-error-baseUrl').textContent).toBe(BAD_PROVIDER_URL_MESSAGE);
    expect(writes()).toEqual([]);

    fireEvent.change(field(dialog, 'Base URL'), { target: { value: 'http://gpu-1:8000/v1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/providers',
        body: {
          id: 'lab',
          name: 'GPU lab',
          baseUrl: 'http://gpu-1:8000/v1',
          models: [],
          apiKey: 'sk-lab-9876',
        },
      },
    ]);
    expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Provider Saved' }));
  });

  it("shows the server's field errors in the dialog", async () => {
    mount((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              code: 'CONFLICT',
              message: 'A provider with the id lab exists already.',
              fields: { 'body.id': ['This id is taken'] },
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Provider' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Provider' });
    fireEvent.change(field(dialog, 'ID'), { target: { value: 'lab' } });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Lab' } });
    fireEvent.change(field(dialog, 'Base URL'), { target: { value: 'http://gpu-1:8000/v1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Provider' }));
    expect((await within(dialog).findByTestId('provider-error-id')).textContent).toBe('This id is taken');
  });

  it('edits without showing the key, and deletes after a confirmation', async () => {
    const { writes } = mount();
    fireEvent.click(within(await screen.findByTestId('provider-lab')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit GPU lab' });
    expect(field(dialog, 'API Key').value).toBe('');
    expect(dialog.textContent).toContain('ending in 9876');
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Lab 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()[0]).toEqual({
      method: 'PATCH',
      path: '/api/admin/providers/lab',
      body: { name: 'Lab 2', baseUrl: 'http://gpu-1:8000/v1', models: [] },
    });

    fireEvent.click(within(screen.getByTestId('provider-lab')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Provider' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', path: '/api/admin/providers/lab' });
  });
});
