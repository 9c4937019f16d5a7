// Async boundary: module federation must set up the shared scope (react, router, stores) before
// any code that imports them runs, so the real entry is loaded as a separate chunk.
import('./bootstrap').catch((err: unknown) => {
  console.error('Noek shell failed to start', err);
});
