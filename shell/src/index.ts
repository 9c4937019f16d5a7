// The pages' CSP has no 'unsafe-eval': zod 4 would probe `new Function('')` while building its
// schemas (refused, and reported as a CSP issue by the browser). Set before zod loads; parsing is
// the same without its compiled fast path.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// Async boundary: module federation must set up the shared scope (react, stores) before any code
// that imports them runs, so the real entry is loaded as a separate chunk. It starts in a task of
// its own: the runtime's start-up above and the shared modules' negotiation and script tags below
// are two tasks a phone can answer input between, not one long one (the landing's total blocking time).
setTimeout(() => {
  import('./bootstrap').catch((err: unknown) => {
    console.error('Noek shell failed to start', err);
  });
}, 0);
