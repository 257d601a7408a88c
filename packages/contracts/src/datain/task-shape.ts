import { isEmptyValue } from './rules';
import type { ConnectorDefinition, ParamValue, TaskValues } from './types';

/**
 * A saved task's connection as the details call answers it (data-in.md §3 "from_expand"): the connection fields on
 * top, every other form value in params. The form works on flat TaskValues; these two functions convert.
 */
export interface FromExpand {
  id?: string;
  host?: string;
  port?: number;
  /** The source's subject: topic, bucket, database, endpoint or path, whichever the connector's options name first. */
  subject?: string;
  protocol?: string;
  username?: string;
  password?: string;
  params: Record<string, ParamValue>;
}

/** The option param whose value is the task's subject (TMQ topic, InfluxDB bucket, SQL database, OPC endpoint, …). */
export function subjectParamName(definition: ConnectorDefinition): string | undefined {
  const { subject, database, endpoint, path } = definition.options;
  return (subject ?? database ?? endpoint ?? path)?.name;
}

const textOf = (value: ParamValue | undefined) => (isEmptyValue(value) ? undefined : String(value));

export function fromExpandOf(definition: ConnectorDefinition, values: TaskValues, id?: string): FromExpand {
  const subjectName = subjectParamName(definition);
  const protocolName = definition.protocol?.name;
  const onTop = new Set(['host', 'port', 'username', 'password', subjectName, protocolName]);
  const params = Object.fromEntries(Object.entries(values).filter(([name, value]) => !onTop.has(name) && value !== undefined)) as Record<string, ParamValue>;
  const port = isEmptyValue(values.port) ? undefined : Number(values.port);
  return {
    ...(id ? { id } : {}),
    host: textOf(values.host),
    port,
    subject: subjectName ? textOf(values[subjectName]) : undefined,
    protocol: protocolName ? textOf(values[protocolName]) : undefined,
    username: textOf(values.username),
    password: textOf(values.password),
    params,
  };
}

/** The form's values of a saved task: params, then the connection fields under their param names. */
export function valuesOfFromExpand(definition: ConnectorDefinition, expand: FromExpand): TaskValues {
  const values: TaskValues = { ...expand.params };
  const subjectName = subjectParamName(definition);
  const top: Array<[string | undefined, ParamValue | undefined]> = [
    ['host', expand.host],
    ['port', expand.port],
    [subjectName, expand.subject],
    [definition.protocol?.name, expand.protocol],
    ['username', expand.username],
    ['password', expand.password],
  ];
  for (const [name, value] of top) if (name && value !== undefined && value !== null) values[name] = value;
  return values;
}
