import { lazy, Suspense, useState } from 'react';
import type { HostApi } from '@noek/contracts';
import { PlansScreen } from '../plans/plans-screen';
import { ProvidersScreen } from '../providers/providers-screen';
import { AdminDashboard } from '../users/admin-dashboard';
import './admin-console.css';

// The overview (and its chart library) is a chunk of its own: the users' table never loads it.
const OverviewScreen = lazy(() => import('../overview/overview-screen'));

const tabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'plans', label: 'Plans' },
  { id: 'providers', label: 'Providers' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/** The admin console: the overview first, then the users' table (spec §2) and the plan settings. */
export function AdminConsole({ host }: { host: HostApi }) {
  const [tab, setTab] = useState<Tab>('overview');
  return (
    <div className="admin-console">
      <div className="admin-console__tabs" role="tablist" aria-label="Admin sections">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            className={`noek-btn ${tab === t.id ? '' : 'noek-btn-ghost'}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'users' ? (
          <AdminDashboard host={host} />
        ) : (
          <main className="admin">
            <header className="admin__header noek-row">
              <h1>Admin Dashboard</h1>
              <button type="button" className="noek-btn noek-btn-ghost" onClick={() => host.setView('chat')}>
                Back to Chat
              </button>
            </header>
            {tab === 'overview' ? (
              <Suspense fallback={<p className="noek-muted">Loading the overview…</p>}>
                <OverviewScreen />
              </Suspense>
            ) : tab === 'providers' ? (
              <ProvidersScreen host={host} />
            ) : (
              <PlansScreen host={host} />
            )}
          </main>
        )}
      </div>
    </div>
  );
}
