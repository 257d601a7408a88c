export * from './states';
export * from './issues';
