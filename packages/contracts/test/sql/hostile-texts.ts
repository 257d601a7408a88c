/**
 * Texts that break hand-made quoting (issue 24 §1): quotes of every kind, backslashes next to quotes and at the
 * end, LIKE's wildcards and escapes, line breaks, an injection, CJK and emoji. The tests of every package that
 * builds SQL from user input write them through their generators and read them back from a real engine
 * (`@tscloud/contracts/test/hostile-texts`).
 */
export const HOSTILE_TEXTS: readonly string[] = [
  "it's",
  'say "hi"',
  'back`quote',
  'a\\b',
  'end\\',
  '\\',
  "\\'",
  "'\\",
  '\\\\',
  '\\"',
  '100%',
  'snake_case',
  '100\\%_',
  'line\nbreak\r\ttab',
  '\\n is not a newline',
  "x' OR '1'='1",
  "x\\'; DROP DATABASE power; -- ",
  '雪の日',
  '温度 🌡️ 😀',
];

/** The hostile texts that fit a name of the engine (a table, a column …): not empty, no NUL. All of them do. */
export const HOSTILE_NAMES: readonly string[] = HOSTILE_TEXTS;
