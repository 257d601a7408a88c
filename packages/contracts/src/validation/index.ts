export * from './patterns';
export * from './schemas';
