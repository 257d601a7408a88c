export * from './envelope';
export * from './constants';
export * from './privileges';
export * from './validation';
export * from './messages';
