export { buildApp } from './app';
export { loadConfig, type ServerConfig } from './config';
export { openStore, type Store, type Db } from './store/database';
export type { AppDeps } from './deps';
