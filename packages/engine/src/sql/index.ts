export * from './ast';
