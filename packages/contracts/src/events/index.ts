export * from './envelope.schema';
export * from './auth.events';
export * from './chat.events';
export * from './billing.events';
export * from './admin.events';
export * from './catalog';
export * from './gateway.events';
