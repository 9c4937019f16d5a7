import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import { stubAdminFetch } from '../../test/admin-fixtures';
import AdminApp from '../../app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(accessLevel: 'admin' | 'premium' = 'admin') {
  stubAdminFetch((c) =>
    c.path === '/api/admin/users' || c.path === '/api/admin/audit' || c.path === '/api/admin/feedback'
      ? { body: [] }
      : c.path === '/api/admin/providers'
        ? { body: { providers: [] } }
        : undefined,
  );
  const host = spyHostApi(() => vi.fn());
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminApp
        user={sampleUser({ accessLevel })}
        host={host}
        site="chat"
        view="admin"
        params={{}}
        siteUrls={{}}
      />
    </QueryClientProvider>,
  );
  return { host, view };
}
const tab = (name: string) => screen.getByRole('tab', { name });

describe('admin console', () => {
  it('shows nothing to someone who is not an admin (the service refuses them too)', () => {
    const { view } = mount('premium');
    expect(view.container.innerHTML).toBe('');
  });

  it('opens on the overview; each tab shows its panel and says which one is selected', async () => {
    mount();
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    // The overview is a chunk of its own, loaded when the tab first shows.
    expect(await screen.findByTestId('admin-overview', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(tab('Users'));
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(tab('Overview').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('admin-tab-users');
    expect(screen.getByTestId('mfe-admin')).toBeTruthy();
    fireEvent.click(tab('Providers'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('admin-tab-providers');
    fireEvent.click(tab('Plans'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('admin-tab-plans');
  });

  it('Back to Chat goes back to the chat view, from every tab', () => {
    const { host } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    fireEvent.click(tab('Users'));
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    expect(host.setView.mock.calls).toEqual([['chat'], ['chat']]);
  });
});
