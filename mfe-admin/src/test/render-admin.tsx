import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import AdminApp from '../app';

/** The admin remote for an admin, on the shell's kind of QueryClient, opened on its Users tab. */
export function renderAdminUsers() {
  const host = spyHostApi(() => vi.fn());
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <AdminApp
        user={sampleUser({ accessLevel: 'admin' })}
        host={host}
        site="chat"
        view="admin"
        params={{}}
        siteUrls={{}}
      />
    </QueryClientProvider>,
  );
  // The console opens on the overview; the users' table is its Users tab.
  fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
  return { host, client };
}
