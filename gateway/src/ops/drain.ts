/** Requests in flight and whether the gateway is shutting down: shared by the request handler and stop(). */
export interface DrainState {
  draining: boolean;
  inFlight: number;
  /** Called when inFlight drops to 0 while a stop() waits. */
  onIdle: (() => void) | undefined;
}

export function createDrainState(): DrainState {
  return { draining: false, inFlight: 0, onIdle: undefined };
}
