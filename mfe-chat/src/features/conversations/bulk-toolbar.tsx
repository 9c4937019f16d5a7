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
      {selectMode ? (
        <>
          <span className="noek-muted" data-testid="selected-count">
            {selectedCount}/10
          </span>
          {archivedTab ? (
            <ToolButton disabled={none} onClick={() => void actions.restoreSelected()}>
              Restore Selected
            </ToolButton>
          ) : (
            <ToolButton disabled={none} onClick={() => void actions.archiveSelected()}>
              Archive Selected
            </ToolButton>
          )}
          <ToolButton disabled={none} onClick={() => void actions.deleteSelected()}>
            Delete Selected
          </ToolButton>
        </>
      ) : (
        <>
          {archivedTab ? (
            <ToolButton disabled={listEmpty} onClick={() => void actions.restoreAll()}>
              Restore All
            </ToolButton>
          ) : (
            <ToolButton disabled={listEmpty} onClick={() => void actions.archiveAll()}>
              Archive All
            </ToolButton>
          )}
          <ToolButton disabled={listEmpty} onClick={() => void actions.deleteAll()}>
            Delete All
          </ToolButton>
        </>
      )}
    </div>
  );
}
