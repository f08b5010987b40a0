export * from './api';
export * from './endpoint';
export * from './errors';
export * from './auth';
export * from './common';
export * from './promo-codes';
export * from './subscriptions';
export * from './users';
export { type PublicConfig, publicConfig } from './endpoints/config';
