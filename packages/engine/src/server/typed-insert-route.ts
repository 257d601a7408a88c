import type { Engine } from '../engine';
import { TdCode, toTdError } from '../errors';
import { errorBody, successBody } from '../format/rest-body';
import { decodeTypedInsert, TypedInsertFormatError } from '../schemaless/typed-insert';
import { authorize } from './authorization';

/**
 * POST /rest/insert/{db}: the typed write entry (schemaless/typed-insert.ts). Answers as POST /rest/sql answers the
 * INSERT it stands for: authentication, the statement's result or its TDengine error; a body it cannot read is 400.
 */
export async function handleTypedInsert(engine: Engine, req: { db: string; authorization?: string; body: Uint8Array; startedNs: bigint }): Promise<{ status: number; body: string }> {
  const elapsed = () => Number(process.hrtime.bigint() - req.startedNs);
  const auth = authorize(engine, req.authorization);
  if (!auth.ok) return { status: auth.status, body: errorBody(auth.code, auth.desc, elapsed()) };
  try {
    const statement = decodeTypedInsert(req.body, req.db);
    const result = await engine.executeStatement(statement, { user: auth.user.name });
    return { status: 200, body: successBody(result, {}) };
  } catch (error) {
    if (error instanceof TypedInsertFormatError) return { status: 400, body: errorBody(TdCode.UNKNOWN, error.message, elapsed()) };
    const e = toTdError(error);
    return { status: 200, body: errorBody(e.code, e.message, elapsed()) };
  }
}
