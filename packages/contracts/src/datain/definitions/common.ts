import type { AuthAlternative, Choice, ConnectorDefinition, Param, ParamHint, ParserField } from '../types';

/**
 * A definition is written once as a function of a translator `t(english, chinese)`, so the English and the Chinese
 * variants have the same structure by construction; only the text differs.
 */
export type Translate = (en: string, zh: string) => string;
export type DefinitionSource = (t: Translate) => ConnectorDefinition;

export const TIME_UNITS = ['ms', 's', 'm', 'h', 'd'] as const;

export function param(name: string, display: string, hint: ParamHint, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}): Param {
  return { name, display, hint, ...rest };
}

export const str = (name: string, display: string, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}) => param(name, display, { type: 'str' }, rest);

export function integer(name: string, display: string, range: { min?: number; max?: number }, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}): Param {
  return param(name, display, { type: 'integer', ...range }, rest);
}

export function choice(name: string, display: string, choices: Choice[], rest: Omit<Param, 'name' | 'display' | 'hint'> = {}): Param {
  return param(name, display, { type: 'str', choices }, rest);
}

/** Choices whose label is the value (versions, charsets, log levels). */
export const plainChoices = (values: Array<string | number>): Choice[] => values.map((value) => ({ value, label: String(value) }));

export function bool(name: string, display: string, value: boolean, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}): Param {
  return param(name, display, { type: 'bool', choices: [{ value: true, label: 'true' }, { value: false, label: 'false' }] }, { value, ...rest });
}

/** A timeout or duration: digits only (§5) in `unit`, within min..max. */
export function timeLike(
  type: 'timeout' | 'duration',
  name: string,
  display: string,
  spec: { min?: number; max?: number; value?: number; unit: string; units?: readonly string[] },
  rest: Omit<Param, 'name' | 'display' | 'hint'> = {},
): Param {
  return param(name, display, { type, min: spec.min, max: spec.max }, { value: spec.value, type_value: { units: [...(spec.units ?? [spec.unit])], unit: spec.unit }, ...rest });
}

/** A point in time; `value` may be relative ('-10d': ten days before now, resolved by resolveTimeValue). */
export const time = (name: string, display: string, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}) => param(name, display, { type: 'time' }, rest);

export const file = (name: string, display: string, rest: Omit<Param, 'name' | 'display' | 'hint'> = {}) => param(name, display, { type: 'file' }, rest);

export const password = (t: Translate, required = false) => param('password', t('Password', '密码'), { type: 'password' }, { required });

export const host = (t: Translate, placeholder = 'localhost') => str('host', t('Host', '主机'), { required: true, placeholder });

export const port = (t: Translate, value: number) => integer('port', t('Port', '端口'), { min: 0, max: 65535 }, { required: true, value });

export const database = (t: Translate, display = t('Database', '数据库')) => str('database', display, { required: true });

export const username = (t: Translate, required = false) => str('username', t('Username', '用户名'), { required });

/** Username and password, both required (SQL sources, §5). */
export const plainAuth = (t: Translate, required = true): AuthAlternative => ({
  kind: 'plain',
  display: t('Username and password', '用户名密码'),
  params: [username(t, required), password(t, required)],
});

export const anonymousAuth = (t: Translate): AuthAlternative => ({ kind: 'anonymous', display: t('Anonymous', '匿名'), params: [] });

/** CA, client certificate and key files (MQTT, OPC-UA, Kafka SSL); auth_certificate selects it when editing (§4). */
export const certificateAuth = (t: Translate): AuthAlternative => ({
  kind: 'certificates',
  display: t('Certificates', '证书'),
  params: [
    file('auth_ca', t('CA certificate', 'CA 证书')),
    file('auth_certificate', t('Client certificate', '客户端证书'), { required: true }),
    file('auth_key', t('Client private key', '客户端私钥'), { required: true }),
  ],
});

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;

/** §4 log levels, default info. */
export const logLevel = (t: Translate) => choice('log_level', t('Log level', '日志级别'), plainChoices([...LOG_LEVELS]), { value: 'info' });

export const readConcurrency = (t: Translate, min: number, max: number, value: number) =>
  integer('read_concurrency', t('Read concurrency', '读并发数'), { min, max }, { value });

export const writeConcurrency = (t: Translate, min: number, max: number, value?: number) =>
  integer('write_concurrency', t('Write concurrency', '写并发数'), { min, max }, { value });

export const batchSize = (t: Translate, max: number, value: number) => integer('batch_size', t('Batch size', '批次大小'), { min: 1, max }, { value });

export const batchTimeout = (t: Translate, spec: { max: number; unit: 's' | 'ms' }) =>
  timeLike('timeout', 'batch_timeout', t('Batch timeout', '批次超时'), { min: 1, max: spec.max, value: 1, unit: spec.unit });

export const connectTimeout = (t: Translate, value = 10) =>
  timeLike('timeout', 'connect_timeout', t('Connect timeout', '连接超时'), { min: 1, max: 60, value, unit: 's' });

export const requestTimeout = (t: Translate, value = 10) =>
  timeLike('timeout', 'request_timeout', t('Request timeout', '请求超时'), { min: 1, max: 60, value, unit: 's' });

export const rawDataKeepDays = (t: Translate) =>
  integer('raw_data_keep_days', t('Raw data keep days', '原始数据保留天数'), { min: 1, max: 365 }, { value: 1 });

export const startTime = (t: Translate, required: boolean, value?: string) => time('start_time', t('Start time', '起始时间'), { required, value });

export const endTime = (t: Translate) =>
  time('end_time', t('End time', '结束时间'), { description: t('Empty: the task keeps synchronising', '为空时任务持续同步') });

export const field = (name: string, type: ParserField['type']): ParserField => ({ name, type });
