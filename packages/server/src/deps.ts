import type { ServerConfig } from './config';
import type { Store } from './store/database';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';

/**
 * What every area plugin is given. Built once in main.ts (or by the test harness); no area keeps module-level
 * mutable state, so several apps can live in one process (tests) and several processes share one store.
 */
export interface AppDeps {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  mailer: Mailer;
}
