import { Icon } from '../icons/icons';

export interface RowActionsProps {
  archived: boolean;
  /** The link was just copied (the row keeps the flag, so it outlives an edit of the title). */
  copied: boolean;
  onEdit: () => void;
  onCopyLink: () => void;
  onArchiveToggle: () => void;
  onDelete: () => void;
  /** Pins the conversation (active tab only). */
  onPin?: () => void;
  /** Opens the public-link dialog (active tab only). */
  onShare?: () => void;
}

/** A conversation row's icon buttons: edit title, copy link ('Link copied' for a moment), archive or restore, delete. */
export function RowActions({
  archived,
  copied,
  onEdit,
  onCopyLink,
  onArchiveToggle,
  onDelete,
  onPin,
  onShare,
}: RowActionsProps) {
  return (
    <span className="chat-conv__actions">
      {onPin && (
        <button type="button" aria-label="Pin" title="Pin" onClick={onPin}>
          <Icon name="pin" />
        </button>
      )}
      {onShare && (
        <button type="button" aria-label="Share" title="Share a public link" onClick={onShare}>
          <Icon name="share" />
        </button>
      )}
      <button type="button" aria-label="Edit title" title="Edit title" onClick={onEdit}>
        <Icon name="edit" />
      </button>
      <button
        type="button"
        aria-label={copied ? 'Link copied' : 'Copy link'}
        title="Copy link"
        onClick={onCopyLink}
      >
        <Icon name={copied ? 'check' : 'link'} />
      </button>
      <button
        type="button"
        aria-label={archived ? 'Restore' : 'Archive'}
        title={archived ? 'Restore' : 'Archive'}
        onClick={onArchiveToggle}
      >
        <Icon name={archived ? 'restore' : 'archive'} />
      </button>
      <button type="button" aria-label="Delete" title="Delete" onClick={onDelete}>
        <Icon name="trash" />
      </button>
    </span>
  );
}
