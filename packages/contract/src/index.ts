export * from './auth';
export * from './common';
export * from './promo-codes';
export * from './subscriptions';
export * from './users';
