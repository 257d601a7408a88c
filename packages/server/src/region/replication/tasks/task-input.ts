import type { FastifyRequest } from 'fastify';
import {
  ApiCode,
  Privilege,
  connectorDefinition,
  languageFrom,
  transformConfigSchema,
  validateTask,
  valuesOfFromExpand,
  type Language,
  type MessageKey,
  type taskBodySchema,
  isMessageKey,
  translate,
} from '@tscloud/contracts';
import { quoteText } from '@tscloud/contracts/sql';
import type { z } from 'zod';
import { ApiError } from '../../../http/api-error';
import { orgOf, requireOn } from '../../../platform/access';
import type { InstanceRow } from '../../../store/schema';
import { instanceEngine, rowsOn } from '../../engine-client/member-engine';

export type TaskBodyInput = z.infer<typeof taskBodySchema>;

const ENGINE_TIMEOUT_MS = 30_000;

export const requestLanguage = (request: FastifyRequest): Language => languageFrom(request.headers['accept-language']);

/**
 * Checks a task body before it is saved (create and update): the connector's form values with validateTask (400:
 * the first message, field → message in data), the transform's schema, db:write on the target database for the
 * caller, and that the database exists in the instance ('Database does not exist').
 */
export async function checkTaskBody(request: FastifyRequest, row: InstanceRow, body: TaskBodyInput): Promise<void> {
  const language = requestLanguage(request);
  const definition = connectorDefinition(body.connector, language)!;
  const problems = validateTask(definition, valuesOfFromExpand(definition, body.from_expand), { language });
  if (Object.keys(body.transform).length > 0) {
    const parsed = transformConfigSchema.safeParse(body.transform);
    for (const issue of parsed.error?.issues ?? []) {
      const field = ['transform', ...issue.path].join('.');
      problems[field] ??= isMessageKey(issue.message) ? translate(issue.message as MessageKey, language) : issue.message;
    }
  }
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new ApiError(ApiCode.BAD_REQUEST, 'datasource.error.invalidTask', [first], problems);
  requireOn(orgOf(request), { allOf: [Privilege.DB_WRITE] }, { instanceId: row.id, databaseId: body.target_db });
  const found = await rowsOn(instanceEngine(row), `SELECT name FROM information_schema.ins_databases WHERE name = ${quoteText(body.target_db)}`, {
    timeoutMs: ENGINE_TIMEOUT_MS,
  });
  if (found.length === 0) throw ApiError.badRequest('error.databaseNotFound');
}
