// Async boundary: the shared scope (react, router, stores) is set up before bootstrap's imports run.
import('./bootstrap').catch((err: unknown) => console.error(err));
