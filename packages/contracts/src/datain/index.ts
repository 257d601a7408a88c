export * from './types';
export * from './rules';
export * from './validate-task';
export * from './definitions';
export { contentVersion } from './version';
export * from './api';
export * from './task-shape';
export * from './transform';
export * from './tasks-api';
