export {
  startPaymentSimulator,
  newSecretKey,
  SIMULATED_API_VERSION,
  type SimulatorAccount,
  type PaymentSimulator,
  type PaymentSimulatorOptions,
} from './server';
export { signatureHeader, newWebhookSecret, type WebhookEndpoint, type Delivery } from './webhooks';
export { testPaymentMethodNumbers } from './test-cards';
