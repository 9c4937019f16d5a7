export * from './stream.schema';
export * from './chat-api.schema';
export * from './usage.schema';
