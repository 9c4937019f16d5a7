import type { ReactNode } from 'react';
import type { ConversationActions } from './use-conversation-actions';

export interface BulkToolbarProps {
  archivedTab: boolean;
  selectMode: boolean;
  onToggleSelectMode: () => void;
  selectedCount: number;
  listEmpty: boolean;
  actions: ConversationActions;
}

function ToolButton({
  disabled,
  onClick,
  children,
}: {
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="noek-btn noek-btn-ghost" disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The sidebar's bulk row (spec §2): 'Select' mode with the selected count and Archive / Restore /
 * Delete Selected; otherwise Archive All (Active tab) or Restore All (Archive tab) and Delete All.
 */
export function BulkToolbar({
  archivedTab,
  selectMode,
  onToggleSelectMode,
  selectedCount,
  listEmpty,
  actions,
}: BulkToolbarProps) {
  const none = selectedCount === 0;
  return (
    <div className="chat-bulk">
      <button
        type="button"
        className="noek-btn noek-btn-ghost"
        aria-pressed={selectMode}
        onClick={onToggleSelectMode}
      >
        {selectMode ? 'Cancel' : 'Select'}
      </button>
      {selectMode && (
        <span className="noek-muted" data-testid="selected-count">
          {selectedCount}/10
        </span>
      )}
      <ScopeButtons
        scope={selectMode ? 'Selected' : 'All'}
        archivedTab={archivedTab}
        disabled={selectMode ? none : listEmpty}
        actions={actions}
      />
    </div>
  );
}

interface ScopeButtonsProps {
  scope: 'Selected' | 'All';
  archivedTab: boolean;
  disabled: boolean;
  actions: ConversationActions;
}

/** Archive (Active tab) or Restore (Archive tab), then Delete, for the selected or for all. */
function ScopeButtons({ scope, archivedTab, disabled, actions }: ScopeButtonsProps) {
  const all = scope === 'All';
  const restore = all ? actions.restoreAll : actions.restoreSelected;
  const archive = all ? actions.archiveAll : actions.archiveSelected;
  const remove = all ? actions.deleteAll : actions.deleteSelected;
  return (
    <>
      {archivedTab ? (
        <ToolButton disabled={disabled} onClick={() => void restore()}>
          {`Restore ${scope}`}
        </ToolButton>
      ) : (
        <ToolButton disabled={disabled} onClick={() => void archive()}>
          {`Archive ${scope}`}
        </ToolButton>
      )}
      <ToolButton disabled={disabled} onClick={() => void remove()}>
        {`Delete ${scope}`}
      </ToolButton>
    </>
  );
}
