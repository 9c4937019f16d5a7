import { createLifecycle, createLogger, loadConfigOrExit } from '@noek/service-kit';
import { loadGatewayConfig } from './config';
import { createGateway } from './gateway';

// Process entry: config -> gateway -> listen -> signals. Everything else lives in createGateway.
const config = loadConfigOrExit('gateway', () => loadGatewayConfig());
const logger = createLogger({ name: 'gateway', level: config.logLevel });
const gateway = createGateway(config, { logger });
const lifecycle = createLifecycle({ logger, graceMs: config.shutdownGraceMs });
lifecycle.onShutdown(() => gateway.stop(), 'http');
lifecycle.installSignalHandlers();
await gateway.start();
