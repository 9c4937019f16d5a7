import type { Logger } from '@noek/service-kit';
import type { DrainState } from './drain';
import type { GatewayMetrics } from './metrics';

/**
 * The bookkeeping around every request: the in-flight count that stop() waits on, then metrics and the optional access log when it is over.
 */
export interface RequestRecorder {
  /** One more request in flight; returns its start time (performance.now()). */
  begin(): number;
  /** The request is over (answered, or the client left): `status` 499 when no answer had started. */
  end(
    method: string | undefined,
    url: string | undefined,
    status: number,
    started: number,
    target: string,
    requestId: string,
  ): void;
}

export function createRequestRecorder(o: {
  logger: Logger;
  metrics: GatewayMetrics;
  drain: DrainState;
  accessLog: boolean;
}): RequestRecorder {
  const { drain } = o;
  return {
    begin() {
      drain.inFlight += 1;
      return performance.now();
    },
    end(method, url, status, started, target, requestId) {
      drain.inFlight -= 1;
      const seconds = (performance.now() - started) / 1000;
      o.metrics.observe(target, status, seconds);
      if (o.accessLog) {
        o.logger.info({ requestId, method, url, status, ms: Math.round(seconds * 1000), target }, 'request');
      }
      if (drain.inFlight === 0) drain.onIdle?.();
    },
  };
}
