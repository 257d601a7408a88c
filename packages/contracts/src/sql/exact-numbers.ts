/**
 * How a JSON number of an SQL result is read (issue 13 item 1): the engine writes BIGINT and BIGINT UNSIGNED as
 * JSON numbers with every digit (as TDengine's REST does), and a JavaScript number keeps only 53 bits, so
 * 9007199254740993 would read as …992. An integer beyond Number.MAX_SAFE_INTEGER is read as a bigint; every other
 * number as a number (floats are written by the engine as the shortest text that reads back the same).
 * The number parser for lossless-json's `parse(text, null, exactNumber)`, on the server and in the web app.
 */
const INTEGER = /^-?\d+$/;

export function exactNumber(text: string): number | bigint {
  const value = Number(text);
  return INTEGER.test(text) && !Number.isSafeInteger(value) ? BigInt(text) : value;
}
