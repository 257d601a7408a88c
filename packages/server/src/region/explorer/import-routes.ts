import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DB_NAME_PATTERN, IMPORT_BATCH_ROWS, IMPORT_MAX_BYTES, Privilege, SQL_TIMEOUT_MS, VIEW_NAME_PATTERN, ok, satisfies, type ImportResult } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgOf, privilegesWithin } from '../../platform/access';
import { instanceInRegion } from '../instances/instance-access';
import { CsvQuoteError, readCsv } from './csv-read';
import { mapColumns, tuplesOf, type TargetColumn } from './import-values';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { memberEngine, runAsMember } from '../engine-client/member-engine';

type ImportParams = { Params: { region: string; appId: string; dbName: string; tbName: string } };

/**
 * CSV import (data-explorer.md §7 Data import; docs/explorer-server.md "CSV import"): multipart field `data`,
 * at most IMPORT_MAX_BYTES; the whole file is checked against the table's columns first (a bad line is a 400
 * naming it, nothing written), then appended through the engine as the member's engine user in INSERTs of
 * IMPORT_BATCH_ROWS rows. An engine refusal stops there: `{code ≠ 0, desc, rows written before}`.
 */
export const importRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });

  app.post<ImportParams>(
    '/api/region/:region/data/import/:appId/:dbName/:tbName',
    {
      config: {
        policy: {
          access: 'instance',
          scope: 'resource',
          privileges: { anyOf: [Privilege.DB_WRITE, Privilege.STABLE_WRITE] },
          write: true,
          activity: { type: 'instance', operation: 'import data' },
        },
      },
    },
    async (request) => {
      const { dbName, tbName } = request.params;
      if (!DB_NAME_PATTERN.test(dbName) || !VIEW_NAME_PATTERN.test(tbName)) throw ApiError.badRequest('error.importTarget');
      const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
      // The server keeps the call inside a database the member may write in; the engine user checks the table.
      if (!satisfies(privilegesWithin(orgOf(request), row.id, dbName), { anyOf: [Privilege.DB_WRITE, Privilege.STABLE_WRITE] })) throw ApiError.forbidden();

      const text = await uploadedText(request);
      let records;
      try {
        records = readCsv(text);
      } catch (error) {
        if (error instanceof CsvQuoteError) throw ApiError.badRequest('error.csvQuote', error.line);
        throw error;
      }
      if (records.length === 0) throw ApiError.badRequest('error.csvEmpty');

      const engine = await memberEngine(deps, request, row);
      const kind = await runAsMember(
        engine,
        `SELECT table_name FROM information_schema.ins_tables WHERE db_name = ${quoteText(dbName)} AND table_name = ${quoteText(tbName)}`,
        { timeoutMs: SQL_TIMEOUT_MS },
      );
      if (kind.code !== 0) return ok<ImportResult>({ code: kind.code, desc: kind.desc ?? '', rows: 0 });
      if ((kind.data ?? []).length === 0) throw ApiError.badRequest('error.importTarget');
      const described = await runAsMember(engine, `DESCRIBE ${dbName}.${tbName}`, { timeoutMs: SQL_TIMEOUT_MS });
      if (described.code !== 0) return ok<ImportResult>({ code: described.code, desc: described.desc ?? '', rows: 0 });
      const columns: TargetColumn[] = (described.data ?? [])
        .filter((d) => String(d[3] ?? '').toUpperCase() !== 'TAG')
        .map((d) => ({ name: String(d[0]), type: String(d[1]) }));

      const mapped = mapColumns(records, columns);
      if (mapped.rows.length === 0) throw ApiError.badRequest('error.csvEmpty');
      const tuples = tuplesOf(mapped.rows, mapped.columns);
      const head = `INSERT INTO ${dbName}.${tbName} (${mapped.columns.map((c) => quoteName(c.name)).join(',')}) VALUES `;
      let written = 0;
      for (let k = 0; k < tuples.length; k += IMPORT_BATCH_ROWS) {
        const batch = tuples.slice(k, k + IMPORT_BATCH_ROWS);
        const answer = await runAsMember(engine, head + batch.join(' '), { timeoutMs: SQL_TIMEOUT_MS });
        if (answer.code !== 0) return ok<ImportResult>({ code: answer.code, desc: answer.desc ?? '', rows: written });
        written += batch.length;
      }
      return ok<ImportResult>({ code: 0, rows: written });
    },
  );
};

/** The `data` file as UTF-8 text; no file, another field or a file over the limit is a 400. */
async function uploadedText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw ApiError.badRequest('error.uploadFailed');
  const part = await request.file();
  if (!part || part.fieldname !== 'data') throw ApiError.badRequest('error.uploadFailed');
  try {
    return (await part.toBuffer()).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest('error.importTooLarge', IMPORT_MAX_BYTES / (1024 * 1024));
    throw error;
  }
}
