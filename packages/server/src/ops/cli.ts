import { loadConfig } from '../config';
import { systemClock } from '../clock';
import { createMailer } from '../mail';
import { findCommand, usage } from './commands';
import { openOperatorStore } from './open-store';

/**
 * The operator command line (`npm run ops -- <command>`): what a service operator does outside the customer
 * console, on the same store and configuration (DATA_DIR / DATABASE_URL) as the server.
 */
export async function runCli(
  argv: string[],
  print: (line: string) => void = console.log,
  open: typeof openOperatorStore = openOperatorStore,
): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    print(usage());
    return argv.length === 0 || argv[0] === 'help' ? 0 : 2;
  }
  const config = loadConfig();
  const store = await open(config);
  try {
    await found.command.run({ config, store, clock: systemClock, mailer: createMailer(config) }, found.args, print);
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && /ops[\\/]cli\.ts$/.test(process.argv[1])) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`[ops] ${error.message}`);
      process.exit(1);
    },
  );
}
