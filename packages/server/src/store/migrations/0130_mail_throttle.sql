-- Rate limit of account mails on request (docs/accounts.md "Mail rate limits"): one counter per subject
-- ('address:<e-mail>' or 'client:<ip>') for the window that started with its first counted mail. Kept in the
-- store and changed by one upsert, so that several server processes count together and atomically.
CREATE TABLE mail_throttle (
  subject text PRIMARY KEY,
  window_start bigint NOT NULL,
  sends integer NOT NULL
);
CREATE INDEX mail_throttle_window_idx ON mail_throttle (window_start);
