import { useState } from 'react';
import { apiRoutes, EXPORT_COUNT_HEADER } from '@noek/contracts';
import { apiSend } from '@noek/ui';

type Progress =
  { phase: 'idle' } | { phase: 'running'; bytes: number; total: number | null } | { phase: 'failed' };

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** Hands a downloaded file to the browser's own download. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Every conversation of the account, archived ones included, as one zip the server streams; the screen
 * shows how much has arrived (the server sends one conversation at a time, so large accounts take a while).
 */
export function AccountExport() {
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' });
  const run = async () => {
    setProgress({ phase: 'running', bytes: 0, total: null });
    try {
      const res = await apiSend(apiRoutes.conversations.exportAccount);
      const total = Number(res.headers.get(EXPORT_COUNT_HEADER) ?? NaN);
      const reader = res.body!.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        setProgress({ phase: 'running', bytes, total: Number.isNaN(total) ? null : total });
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'noek-export.zip';
      save(new Blob(chunks as BlobPart[], { type: 'application/zip' }), name);
      setProgress({ phase: 'idle' });
    } catch {
      setProgress({ phase: 'failed' });
    }
  };
  return (
    <section className="noek-card noek-stack" aria-labelledby="account-export" data-testid="account-export">
      <h2 id="account-export" style={{ margin: 0 }}>
        Export
      </h2>
      <p className="auth-hint" style={{ margin: 0 }}>
        Download every conversation, archived ones included, as a zip of JSON files (one per conversation).
      </p>
      <div className="noek-row">
        <button
          type="button"
          className="noek-btn noek-btn-outline"
          disabled={progress.phase === 'running'}
          onClick={() => void run()}
        >
          Download all conversations
        </button>
        {progress.phase === 'running' && (
          <span role="status" data-testid="export-progress">
            {progress.total === null
              ? `Preparing… ${mb(progress.bytes)} MB`
              : `Exporting ${progress.total} conversations… ${mb(progress.bytes)} MB received`}
          </span>
        )}
        {progress.phase === 'failed' && (
          <span className="auth-error" role="alert">
            The export failed. Try again.
          </span>
        )}
      </div>
    </section>
  );
}
