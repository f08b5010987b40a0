export * from './auth';
export * from './common';
export * from './subscriptions';
export * from './users';
export * from './promo-codes';
