import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  createEventParser,
  errorBodySchema,
  IMPORT_DEFAULT_MAX_BYTES,
  importEventSchema,
  type ImportEvent,
  type ImportResponse,
} from '@noek/contracts';

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  /** The file is sent; the server checks it (no `total` yet), then stores it `done` of `total`. */
  | { phase: 'storing'; done?: number; total?: number }
  | { phase: 'done'; text: string }
  | { phase: 'failed'; text: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function doneText(r: ImportResponse): string {
  return `Imported ${plural(r.imported, 'conversation', 'conversations')} (${r.messages} messages)${r.skipped ? `; ${r.skipped} already here` : ''}.`;
}

/** What the storing's progress shows: "Imported 120 of 431 conversations…" once the server counted. */
export function storingText(state: { done?: number; total?: number }): string {
  return state.total === undefined
    ? 'Checking the file…'
    : `Imported ${state.done ?? 0} of ${plural(state.total, 'conversation', 'conversations')}…`;
}

/** The server's plain-language answer for a refused file (the item that failed, the size limit). */
function refusal(status: number, body: string): string {
  try {
    return errorBodySchema.parse(JSON.parse(body)).message;
  } catch {
    return status === 413 ? 'The file is too large.' : 'The import failed. Try again.';
  }
}

const LIMIT_MB = IMPORT_DEFAULT_MAX_BYTES / 1_048_576;

/** A zip (ChatGPT's export as downloaded) by its name or type; anything else goes as JSON. */
const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

/**
 * Brings conversations in from a Noek export, ChatGPT's conversations.json or ChatGPT's export zip, the
 * file itself as the body (the gateway streams it to chat). XMLHttpRequest rather than the API client:
 * fetch reports no upload progress, and a large file takes a while to send.
 */
export function AccountImport() {
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const upload = (file: File) => {
    if (file.size > IMPORT_DEFAULT_MAX_BYTES)
      return setState({
        phase: 'failed',
        text: `The file is too large: files up to ${LIMIT_MB} MB can be imported.`,
      });
    const xhr = new XMLHttpRequest();
    xhr.open(
      apiRoutes.conversations.importConversations.method,
      apiRoutes.conversations.importConversations.path,
    );
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', isZip(file) ? 'application/zip' : 'application/json');
    // The server's work is told as an event stream once the file is checked (a refusal stays JSON).
    xhr.setRequestHeader('accept', 'text/event-stream');
    xhr.upload.onprogress = (e) =>
      setState(
        e.loaded >= e.total
          ? { phase: 'storing' }
          : { phase: 'uploading', percent: Math.round((100 * e.loaded) / (e.total || 1)) },
      );
    const parse = createEventParser(importEventSchema);
    let read = 0;
    let last: ImportEvent | undefined;
    const readEvents = () => {
      if (xhr.status !== 200) return;
      const events = parse(xhr.responseText.slice(read));
      read = xhr.responseText.length;
      for (const event of events) {
        last = event;
        if (event.type === 'progress') setState({ phase: 'storing', done: event.done, total: event.total });
      }
    };
    xhr.onprogress = readEvents;
    xhr.onerror = () =>
      setState({ phase: 'failed', text: 'The import failed. Check your connection and try again.' });
    xhr.onload = () => {
      if (xhr.status !== 200)
        return setState({ phase: 'failed', text: refusal(xhr.status, xhr.responseText) });
      readEvents();
      if (last?.type === 'error') return setState({ phase: 'failed', text: last.message });
      if (last?.type !== 'done') return setState({ phase: 'failed', text: 'The import failed. Try again.' });
      setState({ phase: 'done', text: doneText(last) });
      void qc.invalidateQueries({ queryKey: ['chat'] });
    };
    setState({ phase: 'uploading', percent: 0 });
    xhr.send(file);
  };
  const busy = state.phase === 'uploading' || state.phase === 'storing';
  return (
    <section className="noek-card noek-stack" aria-labelledby="account-import" data-testid="account-import">
      <h2 id="account-import" style={{ margin: 0 }}>
        Import
      </h2>
      <p className="auth-hint" style={{ margin: 0 }}>
        A Noek export (.json), or ChatGPT&rsquo;s export: its zip or the conversations.json inside, up to{' '}
        {LIMIT_MB} MB. Every branch of a ChatGPT conversation comes in. A file with any bad item is refused
        whole; importing the same file again adds nothing.
      </p>
      <label>
        <span className="auth-hint">Choose a file to import</span>{' '}
        <input
          type="file"
          accept=".json,.zip,application/json,application/zip"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload(file);
            e.target.value = '';
          }}
        />
      </label>
      {busy && (
        <span role="status" data-testid="import-progress">
          {state.phase === 'uploading' ? `Uploading… ${state.percent}%` : storingText(state)}
        </span>
      )}
      {state.phase === 'done' && (
        <span role="status" data-testid="import-result">
          {state.text}
        </span>
      )}
      {state.phase === 'failed' && (
        <span className="auth-error" role="alert">
          {state.text}
        </span>
      )}
    </section>
  );
}
