export * from './patterns';
export * from './schemas';
export * from './accounts';
export * from './sso';
export * from './accounts-extra';
export * from './topics';
export * from './streams';
export * from './characters';
