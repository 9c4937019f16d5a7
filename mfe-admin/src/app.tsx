import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RemoteProps } from '@noek/contracts';
import { AdminDashboard } from './features/users/admin-dashboard';
import './features/admin.css';

/** Spec §7 defaults: no refetch on window focus, no retries (the 5-second poll is set per query). */
function createAdminQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false } },
  });
}

/** Exposed as ./App: the admin dashboard, shown in place of the chat for admins (the service checks too). */
export default function AdminApp({ user, host }: RemoteProps) {
  const [queryClient] = useState(createAdminQueryClient);
  if (!user || user.accessLevel !== 'admin') return null;
  return (
    <QueryClientProvider client={queryClient}>
      <AdminDashboard host={host} />
    </QueryClientProvider>
  );
}
