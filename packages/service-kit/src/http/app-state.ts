import type { Express, Response } from 'express';

/**
 * Per-app state shared by the app factory (readiness) and the http server (shutdown).
 * Kept in a WeakMap so it never leaks into app.locals where route code could change it.
 */
export interface AppState {
  draining: boolean;
  /** Long-lived responses (SSE) to end when shutdown starts. */
  streams: Map<Response, () => void>;
}

const states = new WeakMap<object, AppState>();

export function appState(app: Express | object): AppState {
  let state = states.get(app);
  if (!state) {
    state = { draining: false, streams: new Map() };
    states.set(app, state);
  }
  return state;
}

/** Readiness fails from now on; tracked streams are asked to end. */
export function markDraining(app: Express | object): void {
  const state = appState(app);
  if (state.draining) return;
  state.draining = true;
  for (const end of [...state.streams.values()]) end();
}

/**
 * Registers a long-lived response (SSE) so shutdown can ask it to end. The returned signal
 * aborts when shutdown starts; the handler should write a final event and end the response.
 * If it does not, the server force-closes the socket when the grace period runs out.
 */
export function trackStream(res: Response): AbortSignal {
  // A mounted sub-app sees itself as req.app; the server drains the top-level app.
  let app = res.req.app as object & { parent?: object };
  while (app.parent) app = app.parent;
  const state = appState(app);
  const controller = new AbortController();
  if (state.draining) {
    controller.abort(new Error('shutting down'));
    return controller.signal;
  }
  state.streams.set(res, () => controller.abort(new Error('shutting down')));
  res.once('close', () => state.streams.delete(res));
  return controller.signal;
}
