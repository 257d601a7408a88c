import { describe, expect, it } from 'vitest';
import { parse, type InsertStatement } from '../../src/sql';
import { decodeTypedInsert, TypedInsertFormatError, type TypedInsertHeader } from '../../src/schemaless/typed-insert';

/**
 * The typed write entry's body (schemaless/typed-insert.ts) decodes into the statement the SQL parser builds from
 * the INSERT it stands for: the same targets, names, tags and VALUES rows; a body it cannot read is a format error.
 */

/** A body of the entry: header, padding, the packed float64s. */
function body(header: TypedInsertHeader, packed: number[] = []): Uint8Array {
  const json = Buffer.from(JSON.stringify(header));
  const start = Math.ceil((4 + json.length) / 8) * 8;
  const out = Buffer.alloc(start + packed.length * 8);
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  packed.forEach((v, i) => out.writeDoubleLE(v, start + i * 8));
  return out;
}

/** What the executor reads of a statement: names, tags, columns, rows as written. */
const shape = (statement: InsertStatement) =>
  statement.targets.map((t) => ({
    table: [t.table.db?.name, t.table.name.name],
    using: t.using && { stable: [t.using.stable.db?.name, t.using.stable.name.name], tagColumns: t.using.tagColumns?.map((c) => c.name), tags: t.using.tags },
    columns: t.columns?.map((c) => c.name),
    rows: t.source.type === 'values' ? t.source.rows.toRows() : undefined,
  }));

describe('decodeTypedInsert', () => {
  it('is the statement the parser makes of the INSERT text', () => {
    const header: TypedInsertHeader = {
      tables: [
        { table: 'T_1', stable: 'St', tagNames: ['device', 'site'], tags: ["d'1", 3], columns: ['ts', 'v', 'note'], rows: 2, values: [0, 2, ['a', null]] },
        { table: 't2', columns: ['ts', 'v', 'note'], rows: 3, values: [[1767225600000, 1767225600001, 1767225600002], [true, { big: '12345678901234567890' }, -2.5], ['x', 'é 温度', '']] },
      ],
    };
    const decoded = decodeTypedInsert(body(header, [1767225600000, 1767225600001, 0.1, 7]), 'db');
    const sql =
      "INSERT INTO `db`.`T_1` USING `db`.`St` (`device`,`site`) TAGS ('d''1',3) (`ts`,`v`,`note`) VALUES (1767225600000,0.1,'a')(1767225600001,7,NULL) " +
      "`db`.`t2` (`ts`,`v`,`note`) VALUES (1767225600000,true,'x')(1767225600001,12345678901234567890,'é 温度')(1767225600002,-2.5,'')";
    expect(shape(decoded)).toEqual(shape(parse(sql) as InsertStatement));
  });

  it('refuses what it cannot read', () => {
    const table = { table: 't', columns: ['ts', 'v'], rows: 2, values: [0, [1, 2]] };
    const bad: Array<[Uint8Array, RegExp]> = [
      [Buffer.from([1, 0]), /too short/],
      [Buffer.from([200, 0, 0, 0, 0x7b]), /header past the body/],
      [Buffer.from([1, 0, 0, 0, 0x7b]), /not JSON/],
      [body({ tables: [] }), /no tables/],
      [body({ tables: [table] }, [1]), /out of range/],
      [body({ tables: [{ ...table, values: [0] }] }, [1, 2]), /do not match/],
      [body({ tables: [{ ...table, values: [0, [1]] }] }, [1, 2]), /do not match/],
    ];
    for (const [input, message] of bad) {
      expect(() => decodeTypedInsert(input, 'db')).toThrow(TypedInsertFormatError);
      expect(() => decodeTypedInsert(input, 'db')).toThrow(message);
    }
  });
});
