import type { RemoteProps } from '@noek/contracts';
import { AdminConsole } from './features/console/admin-console';
import './features/admin.css';

/**
 * Exposed as ./App: the admin dashboard, shown in place of the chat for admins (the service checks too).
 * Its queries use the shell's QueryClient (react-query is a shared singleton; @noek/ui/query holds the
 * spec §7 policy), so sign-out clears the admin's cache with the rest.
 */
export default function AdminApp({ user, host }: RemoteProps) {
  if (!user || user.accessLevel !== 'admin') return null;
  return <AdminConsole host={host} />;
}
