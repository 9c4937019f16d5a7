export type SidebarTab = 'active' | 'archive';

/** The 'Active' and 'Archive' tabs (spec §2). */
export function SidebarTabs({ tab, onSwitch }: { tab: SidebarTab; onSwitch: (tab: SidebarTab) => void }) {
  return (
    <div className="chat-tabs" role="tablist" aria-label="Conversation lists">
      {(['active', 'archive'] as const).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={tab === t}
          className={tab === t ? 'chat-tab chat-tab--on' : 'chat-tab'}
          onClick={() => onSwitch(t)}
        >
          {t === 'active' ? 'Active' : 'Archive'}
        </button>
      ))}
    </div>
  );
}
