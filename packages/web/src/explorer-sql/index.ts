export * from './literal';
export * from './keywords';
export * from './types';
export * from './fields';
export * from './database';
export * from './stable';
export * from './table';
export * from './filter';
