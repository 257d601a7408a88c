import { TdCode, TdError } from '../../errors';
import type { ColumnRef } from '../../sql';
import type { BoundFrom, Relation, SourceColumn } from './relation';

function columnsOf(r: Relation): SourceColumn[] {
  return r.tbname ? [...r.columns, ...r.tags, r.tbname] : [...r.columns, ...r.tags];
}

/**
 * Resolves `[tb.]col` against the FROM clause: data columns, tags and tbname of every relation the qualifier
 * allows. 9730 `Invalid column name : c` when nothing matches (9804 for tbname), 9732 when two joined tables both
 * have it.
 */
export function lookupColumn(scope: { from?: BoundFrom }, ref: ColumnRef): SourceColumn {
  const from = scope.from;
  const name = ref.name.name;
  if (!from) throw TdError.invalidColumn(name);
  const qualifier = ref.table?.name.name;
  const candidates = qualifier ? from.relations.filter((r) => r.qualifiers.includes(qualifier)) : from.relations;
  // a qualifier naming no FROM item is a missing table to TDengine's translator (9731 "Table does not exist: x")
  if (qualifier && candidates.length === 0) throw new TdError(TdCode.TABLE_NOT_EXIST, `Table does not exist: ${qualifier}`);
  const matches: SourceColumn[] = [];
  for (const r of candidates) {
    // `` `tbname` `` is a column name, not the pseudo column (9730 over a super table: 36_select_clauses#211)
    const c = columnsOf(r).find(
      (x) => (!x.unnamed || ref.expanded) && !(x.role === 'tbname' && ref.name.quoted && !ref.expanded) && (x.name === name || (!ref.name.quoted && x.name.toLowerCase() === name)),
    );
    if (c) matches.push(c);
  }
  if (matches.length === 0) {
    // the pseudo column over a relation without one (a subquery that does not pass it on): 17_partition_group#52
    if (name === 'tbname' && !ref.name.quoted) throw new TdError(TdCode.PAR_INVALID_TBNAME, 'Invalid tbname pseudo column');
    throw TdError.invalidColumn(name);
  }
  if (matches.length > 1) throw new TdError(TdCode.AMBIGUOUS_COLUMN, 'Column ambiguously defined');
  return matches[0];
}

/** Every column `*` expands to: data columns, plus tags for a super table (facts §2.9). */
export function starColumns(r: Relation): SourceColumn[] {
  return r.kind === 'stable' ? [...r.columns, ...r.tags] : r.columns;
}
