import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  OPC_CSV_CATEGORY,
  csvFileNameRule,
  languageFrom,
  ok,
  piDefaultConfigQuerySchema,
  pointFileTicketQuerySchema,
  pointPageQuerySchema,
  pointTemplateQuerySchema,
  pointTicketQuerySchema,
  translate,
  type Language,
  type OpcDriver,
  type PointFileReady,
  type PointFileTicket,
  type PointFileValidity,
  type PointPage,
} from '@tscloud/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { csvFilesDir } from './sources';
import { findTask } from './tasks/task-repo';
import { csvText, piConfigTemplate, pointFileTemplate, readPointFile } from './point-files';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from './route-base';

/**
 * A ticket names a point file of the instance's csvFiles area and its driver. It carries no secret and no state: every
 * call that takes one checks the instance again and reads the file afresh, so any node of the region answers it.
 */
const ticketSchema = z.object({ file: z.string(), driver: z.enum(['opcua', 'opcda']) });
function ticketOf(file: string, driver: OpcDriver): string {
  return Buffer.from(JSON.stringify({ file, driver })).toString('base64url');
}
function fromTicket(ticket: string): { file: string; driver: OpcDriver } {
  try {
    const parsed = ticketSchema.parse(JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8')));
    if (csvFileNameRule(parsed.file)) throw new Error('bad name');
    return parsed;
  } catch {
    throw ApiError.badRequest('validation.formFormat');
  }
}

function sendCsv(reply: FastifyReply, name: string, text: string) {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(text);
}

function languageOf(request: FastifyRequest, lang: Language | undefined): Language {
  return lang ?? languageFrom(request.headers['accept-language']);
}

/**
 * OPC point files and PI default configurations (data-in.md §2 "OPC point-file pages", §7): the templates the
 * forms' dataset downloads offer, a task's point file as a ticket (download and paged view), and a point file's
 * check. docs/data-in.md "Point files".
 */
export const pointFileRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const dirOf = (appId: string) => csvFilesDir(deps.config.dataDir, appId);

  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/file/template`, { config: { policy: REPLICATION_READ_POLICY } }, async (request, reply) => {
    await replicationInstance(deps, request);
    const { driver, lang } = parseWith(pointTemplateQuerySchema, request.query);
    return sendCsv(reply, `${driver}_points_template.csv`, pointFileTemplate(driver, languageOf(request, lang)));
  });

  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/download/pi_default_config`, { config: { policy: REPLICATION_READ_POLICY } }, async (request, reply) => {
    await replicationInstance(deps, request);
    const { via } = parseWith(piDefaultConfigQuerySchema, request.query);
    return sendCsv(reply, `pi_${via}_default_config.csv`, csvText(piConfigTemplate(via)));
  });

  // A task's point file (via=task, `from` its id), or a file of the area (via=file): answers the ticket at once,
  // since the file is already there (the async/are-you-ready pair exists for point files built from a live source).
  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/file/download/task`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => {
    const instance = await replicationInstance(deps, request);
    const { from, via } = parseWith(pointFileTicketQuerySchema, request.query);
    let file: string;
    let driver: OpcDriver = 'opcua';
    if (via === 'file') {
      file = from;
      if (csvFileNameRule(file)) throw ApiError.badRequest('datasource.validation.csvFileName');
    } else {
      const task = await findTask(deps.store.db, instance.id, from);
      if (!task) throw ApiError.notFound('datasource.error.taskNotFound');
      const named = task.config.params?.[OPC_CSV_CATEGORY];
      if (typeof named !== 'string' || !named || csvFileNameRule(named)) throw ApiError.badRequest('datasource.point.noPointFile');
      file = named;
      if (task.connector === 'opcda') driver = 'opcda';
    }
    await stat(join(dirOf(instance.id), file)).catch(() => {
      throw ApiError.notFound();
    });
    return ok<PointFileTicket>({ ticket: ticketOf(file, via === 'file' ? await driverOfFile(join(dirOf(instance.id), file)) : driver), file, driver });
  });

  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/file/are/you/ready`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => {
    const instance = await replicationInstance(deps, request);
    const { file } = fromTicket(parseWith(pointTicketQuerySchema, request.query).ticket);
    const ready = await stat(join(dirOf(instance.id), file)).then(() => true, () => false);
    return ok<PointFileReady>({ ready });
  });

  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/file/async`, { config: { policy: REPLICATION_READ_POLICY } }, async (request, reply) => {
    const instance = await replicationInstance(deps, request);
    const { file } = fromTicket(parseWith(pointTicketQuerySchema, request.query).ticket);
    const path = join(dirOf(instance.id), file);
    await stat(path).catch(() => {
      throw ApiError.notFound();
    });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).send(createReadStream(path));
  });

  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/data/page`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => {
    const instance = await replicationInstance(deps, request);
    const query = parseWith(pointPageQuerySchema, request.query);
    const { file, driver } = fromTicket(query.ticket);
    const language = languageFrom(request.headers['accept-language']);
    const read = await readPointFile(join(dirOf(instance.id), file), driver, { page: query.page, pageSize: query.page_size });
    return ok<PointPage>({
      file,
      driver,
      ...read,
      rows: read.rows.map((row) => ({ ...row, problems: row.problems.map((p) => ({ column: p.column, message: translate(p.message, language) })) })),
      page: query.page,
      page_size: query.page_size,
    });
  });

  // `dsn`: the point file's name in the area; its driver is read from its header.
  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/point/file/is_valid`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => {
    const instance = await replicationInstance(deps, request);
    const { dsn } = parseWith(z.object({ dsn: z.string().min(1, { message: 'validation.formFormat' }) }), request.query);
    if (csvFileNameRule(dsn)) throw ApiError.badRequest('datasource.validation.csvFileName');
    const path = join(dirOf(instance.id), dsn);
    await stat(path).catch(() => {
      throw ApiError.notFound();
    });
    const language = languageFrom(request.headers['accept-language']);
    const read = await readPointFile(path, await driverOfFile(path), { page: 1, pageSize: 1 });
    if (read.missing_columns.length > 0) {
      return ok<PointFileValidity>({ valid: false, message: translate('datasource.point.notPointFile', language, read.missing_columns.join(', ')), total: read.total, invalid: read.invalid });
    }
    const first = read.firstProblem;
    return ok<PointFileValidity>({
      valid: read.invalid === 0,
      ...(first ? { message: translate('datasource.point.rowProblem', language, first.line, first.column, translate(first.message, language)) } : {}),
      total: read.total,
      invalid: read.invalid,
    });
  });
};

/** A file's driver from its header: `tag_name` first means OPC DA, anything else OPC UA. */
async function driverOfFile(path: string): Promise<OpcDriver> {
  const read = await readPointFile(path, 'opcua', { page: 1, pageSize: 0 });
  return read.columns[0] === 'tag_name' ? 'opcda' : 'opcua';
}
