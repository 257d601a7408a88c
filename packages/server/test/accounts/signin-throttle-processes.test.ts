import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LOGIN_FREE_ATTEMPTS_PER_CLIENT } from '@tscloud/contracts';
import { openStore, type Store } from '../../src/store/database';
import { FakeClock } from '../../src/clock';
import { throttledGuess } from '../../src/platform/auth/attempts';
import { PG_ADMIN_URL, TEST_STORE, createTestStore } from '../support/store';

/**
 * The throttle's admission is atomic in the store, not in one process: guesses sent at once through separate
 * connection pools to one PostgreSQL database (as several server processes do) evaluate at most the free guesses.
 * On PGlite (one process by nature) the same holds for one store.
 */
const GUESSES = 40;

/** Sends GUESSES wrong guesses at once, spread over the stores; answers how many were evaluated. */
async function evaluatedOf(stores: Store[]): Promise<number> {
  const clock = new FakeClock();
  let evaluated = 0;
  const wrongGuess = async () => {
    evaluated += 1;
    // an argon2 verification takes a while: the other guesses are in flight meanwhile
    await new Promise((resolve) => setTimeout(resolve, 20));
    return false;
  };
  const guess = { subject: 'racer@example.com', address: '198.51.100.9' };
  const answers = await Promise.allSettled(Array.from({ length: GUESSES }, (_, i) => throttledGuess(stores[i % stores.length].db, clock, guess, wrongGuess)));
  expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(GUESSES - evaluated);
  return evaluated;
}

describe('sign-in throttle admission across processes', () => {
  const opened: Store[] = [];
  let database: string | null = null;
  afterAll(async () => {
    for (const store of opened) await store.close();
    if (!database) return;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it.runIf(TEST_STORE === 'postgres')('evaluates at most the free guesses sent through three pools to one PostgreSQL database', async () => {
    database = `tscloud_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    for (let i = 0; i < 3; i += 1) opened.push(await openStore({ databaseUrl: url.toString() }));
    expect(await evaluatedOf(opened)).toBe(LOGIN_FREE_ATTEMPTS_PER_CLIENT);
  });

  it.runIf(TEST_STORE === 'pglite')('evaluates at most the free guesses on PGlite', async () => {
    opened.push(await createTestStore());
    expect(await evaluatedOf(opened)).toBe(LOGIN_FREE_ATTEMPTS_PER_CLIENT);
  });
});
