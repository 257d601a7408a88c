import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_FREE_ATTEMPTS_PER_CLIENT } from '@tscloud/contracts';
import { openStore, type Store } from '../../src/store/database';
import { FakeClock } from '../../src/clock';
import { throttledGuess } from '../../src/platform/auth/attempts';
import { TEST_STORE, createTestDatabase, createTestStore } from '../support/store';

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
  let dropDatabase: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const store of opened) await store.close();
    await dropDatabase?.();
  });

  /** Three pools to one fresh PostgreSQL database (three processes' worth); PGlite is one store by nature. */
  async function storesUnderTest(): Promise<Store[]> {
    if (TEST_STORE !== 'postgres') return [await createTestStore()];
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    const stores: Store[] = [];
    // One after another: the first one migrates the database.
    for (let i = 0; i < 3; i += 1) stores.push(await openStore({ databaseUrl: database.url }));
    return stores;
  }

  it('evaluates at most the free guesses, however many pools send them at once', async () => {
    opened.push(...(await storesUnderTest()));
    expect(await evaluatedOf(opened)).toBe(LOGIN_FREE_ATTEMPTS_PER_CLIENT);
  });
});
