import { eventStream } from '@noek/contracts';
import { createLifecycle, createLogger, createNatsEventBus, loadConfigOrExit } from '@noek/service-kit';
import { loadGatewayConfig } from './config';
import { createGateway } from './gateway';

// Process entry: config -> bus -> gateway -> listen -> signals. Everything else lives in createGateway.
const config = loadConfigOrExit('gateway', () => loadGatewayConfig());
const logger = createLogger({ name: 'gateway', level: config.logLevel });
const lifecycle = createLifecycle({ logger, graceMs: config.shutdownGraceMs });
// Connects in the background: with NATS down the gateway serves anyway (degraded) and follows once it is up.
const bus = createNatsEventBus({
  url: config.nats.url,
  logger,
  streamName: config.nats.stream,
  subjects: eventStream.subjects,
  name: 'gateway',
});
lifecycle.onShutdown(() => bus.close(), 'event bus');
const gateway = createGateway(config, { logger, bus });
// Registered last, so it runs first: the bus closes after the gateway stopped.
lifecycle.onShutdown(() => gateway.stop(), 'http');
lifecycle.installSignalHandlers();
await gateway.start();
