export * from './common/error.schema';
export * from './events/envelope.schema';
