const COMMENT = ': keep-alive\n\n';

export interface SseHeartbeat {
  /** Every chunk of the stream passes through here, to know when it is between events. */
  seen(chunk: Buffer): void;
  stop(): void;
}

/**
 * Writes an SSE comment (through `write`) on an event stream that has been quiet for `everyMs`, so load
 * balancers and proxies in front do not close it as idle. Only between events: a comment written in the
 * middle of a half-sent event would corrupt it.
 */
export function startSseHeartbeat(everyMs: number, write: (comment: string) => void): SseHeartbeat {
  let last = Date.now();
  let betweenEvents = true;
  let tail = 0; // the last two bytes seen, to spot an event boundary split across chunks
  const timer = setInterval(
    () => {
      if (betweenEvents && Date.now() - last >= everyMs) {
        write(COMMENT);
        last = Date.now();
      }
    },
    Math.max(10, Math.floor(everyMs / 2)),
  );
  timer.unref();
  return {
    seen(chunk) {
      last = Date.now();
      for (const byte of chunk.length > 2 ? chunk.subarray(chunk.length - 2) : chunk)
        tail = ((tail << 8) | byte) & 0xffff;
      // An event ends with a blank line: "\n\n" (also the tail of "\r\n\r\n").
      betweenEvents =
        tail === 0x0a0a ||
        (tail === 0x0d0a && chunk.length >= 4 && chunk.subarray(-4).toString() === '\r\n\r\n');
    },
    stop: () => clearInterval(timer),
  };
}
