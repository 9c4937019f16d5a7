import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeEventFrame, type ImportEvent } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import { AccountImport } from './account-import';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * XMLHttpRequest at the network edge, driven by the test: the upload's progress, then the answer's text
 * arriving in pieces (as an event stream does), then its end.
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  upload: { onprogress?: (e: { loaded: number; total: number }) => void } = {};
  onprogress?: () => void;
  onload?: () => void;
  onerror?: () => void;
  withCredentials = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  /** The server's answer so far: `status` with more of its body. */
  answer(status: number, text: string) {
    this.status = status;
    this.responseText += text;
    this.onprogress?.();
  }
}

function chooseFile(): FakeXhr {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountImport />
    </QueryClientProvider>,
  );
  const file = new File(['[]'], 'conversations.json', { type: 'application/json' });
  fireEvent.change(screen.getByLabelText('Choose a file to import'), { target: { files: [file] } });
  return FakeXhr.last!;
}

const frame = (e: ImportEvent) => encodeEventFrame(e);

describe('the account screen’s import', () => {
  it('shows the upload, then the server’s "Imported N of M conversations", then the outcome', () => {
    const xhr = chooseFile();
    expect(xhr.headers.accept).toBe('text/event-stream');
    act(() => xhr.upload.onprogress?.({ loaded: 50, total: 200 }));
    expect(screen.getByTestId('import-progress').textContent).toBe('Uploading… 25%');
    act(() => xhr.upload.onprogress?.({ loaded: 200, total: 200 }));
    expect(screen.getByTestId('import-progress').textContent).toBe('Checking the file…');
    act(() => xhr.answer(200, frame({ type: 'progress', done: 0, total: 431 })));
    expect(screen.getByTestId('import-progress').textContent).toBe('Imported 0 of 431 conversations…');
    // A frame split across two pieces of the answer is read once whole.
    const next = frame({ type: 'progress', done: 120, total: 431 });
    act(() => xhr.answer(200, next.slice(0, 10)));
    act(() => xhr.answer(200, next.slice(10)));
    expect(screen.getByTestId('import-progress').textContent).toBe('Imported 120 of 431 conversations…');
    act(() => {
      xhr.answer(200, frame({ type: 'done', imported: 430, skipped: 1, messages: 9000 }));
      xhr.onload?.();
    });
    expect(screen.getByTestId('import-result').textContent).toBe(
      'Imported 430 conversations (9000 messages); 1 already here.',
    );
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('shows a failure told in the stream, and a refused file’s message', () => {
    const xhr = chooseFile();
    act(() => {
      xhr.answer(200, frame({ type: 'progress', done: 0, total: 3 }));
      xhr.answer(200, frame({ type: 'error', code: 'INTERNAL', message: 'Nothing was imported.' }));
      xhr.onload?.();
    });
    expect(screen.getByRole('alert').textContent).toBe('Nothing was imported.');
    cleanup();

    const refused = chooseFile();
    act(() => {
      refused.answer(
        400,
        JSON.stringify({ code: 'VALIDATION_FAILED', message: 'Item 1 ("Odd") is broken.' }),
      );
      refused.onload?.();
    });
    expect(screen.getByRole('alert').textContent).toBe('Item 1 ("Odd") is broken.');
  });
});
