export { createGateway, type Gateway, type GatewayDeps } from './gateway';
export {
  loadGatewayConfig,
  gatewayEnvSchema,
  toGatewayConfig,
  type GatewayConfig,
  type GatewayEnv,
} from './config';
