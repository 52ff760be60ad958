export * from './config';
export * from './logger';
export * from './errors';
export * from './http';
export * from './db';
export * from './redis';
export * from './events';
export * from './contracts/index';
