-- Sign-in throttling (docs/accounts.md "Sign-in and throttling"), replacing login_attempts.
-- One counter per key: a (subject, client) pair, a subject across clients (client '*'), a client address across
-- subjects (subject '*'). It holds the guesses admitted in the current run and when the last one was admitted;
-- one upsert both checks and counts, so concurrent guesses in several processes never pass the limit together.
CREATE TABLE sign_in_throttle (
  subject text NOT NULL,
  client text NOT NULL,
  attempts integer NOT NULL,
  last_attempt_at bigint NOT NULL,
  PRIMARY KEY (subject, client)
);
CREATE INDEX sign_in_throttle_last_idx ON sign_in_throttle (last_attempt_at);

-- Client addresses a subject has signed in from: their guesses are held back by their own pair only, not by the
-- subject's or the address's shared counters (the owner keeps getting in during an attack from elsewhere, and
-- colleagues behind one NAT do not lock each other out).
CREATE TABLE sign_in_known_clients (
  subject text NOT NULL,
  client text NOT NULL,
  last_success_at bigint NOT NULL,
  PRIMARY KEY (subject, client)
);

-- Unlock links mailed to a throttled account's owner (hashes only): a sign-in with one is held back by its own
-- counter only, and a successful one clears the account's throttle.
CREATE TABLE sign_in_unlocks (
  token_hash text PRIMARY KEY,
  subject text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX sign_in_unlocks_subject_idx ON sign_in_unlocks (subject, created_at);

DROP TABLE login_attempts;
