export * as identity from './generated/identity';
export * from './events/identity.events';
export * from './api-key-format';
