import { translate, type Language, type MessageKey } from '../messages';
import { OPC_DATA_POINTS_CATEGORY } from './definitions/opc-common';
import {
  REQUIRED_FIELDS,
  backfillTimesRule,
  isEmptyValue,
  mongodbTemplateRule,
  mqttTopicsRule,
  opcDataPointsRule,
  portRule,
  resolveTimeValue,
  sqlTemplateRule,
  timeLikeRule,
  tmqIdRule,
  writeConcurrencyRule,
} from './rules';
import type { AuthAlternative, ConnectorDefinition, ConnectorId, DatasetCategory, Param, ParamValue, TaskValues } from './types';

/** A problem: a message key (with its arguments) or a definition's own translated patternMsg. */
type Problem = { key: MessageKey; args?: Array<string | number> } | { text: string };

/**
 * §4: the alternative named by values.auth; else plain when username and password exist, certificates when
 * auth_certificate exists; else the first whose required params all hold values; else the first.
 */
export function chooseAuthentication(definition: ConnectorDefinition, values: TaskValues): AuthAlternative | undefined {
  const offered = definition.authentication;
  const byKind = (kind: string) => offered.find((alternative) => alternative.kind === kind);
  if (values.auth && byKind(values.auth)) return byKind(values.auth);
  if (!isEmptyValue(values.username) && !isEmptyValue(values.password) && byKind('plain')) return byKind('plain');
  if (!isEmptyValue(values.auth_certificate) && byKind('certificates')) return byKind('certificates');
  const complete = offered.find((alternative) => alternative.params.length > 0 && alternative.params.every((p) => !p.required || !isEmptyValue(values[p.name])));
  return complete ?? offered[0];
}

/**
 * §4: the category whose key is present in the task's params. A category's key names its main param (PI's point
 * list, OPC's point file); one without such a param (OPC's data_points) is chosen by `<key>: true`.
 */
export function chooseDatasetCategory(definition: ConnectorDefinition, values: TaskValues): DatasetCategory | undefined {
  return definition.datasets?.categories.find((category) => !isEmptyValue(values[category.key]) && values[category.key] !== false);
}

const withParts = (params: Param[]): Param[] => params.flatMap((p) => [p, ...withParts(p.params ?? [])]);

/** Every param the task's form shows for these values: options, protocol, the chosen auth and category, groups, params, advanced. */
export function taskParams(definition: ConnectorDefinition, values: TaskValues): Param[] {
  return withParts([
    ...Object.values(definition.options),
    ...(definition.protocol ? [definition.protocol] : []),
    ...(chooseAuthentication(definition, values)?.params ?? []),
    ...definition.params,
    ...definition.groups.flatMap((group) => group.params),
    ...definition.advanced,
    ...(chooseDatasetCategory(definition, values)?.params ?? []),
  ]);
}

/** Whether a param applies: not hidden, and every `requires` holds. */
export function paramApplies(param: Param, values: TaskValues): boolean {
  if (param.hidden) return false;
  return (param.requires ?? []).every((requirement) => {
    const actual = values[requirement.name];
    if (requirement.value === undefined) return !isEmptyValue(actual);
    const wanted = Array.isArray(requirement.value) ? requirement.value : [requirement.value];
    return wanted.some((w) => String(w) === String(actual));
  });
}

/** The names of the fields the form must mark required for these values: applying required params and §5's list. */
export function requiredNames(definition: ConnectorDefinition, values: TaskValues): Set<string> {
  const applying = taskParams(definition, values).filter((p) => paramApplies(p, values) && p.required);
  return new Set([...applying.map((p) => p.name), ...REQUIRED_FIELDS[definition.id]]);
}

/**
 * A new task's starting values: every param's default (those of every authentication alternative and dataset
 * category too, so switching keeps them; no category is chosen), and the first alternative. Relative times stay relative.
 */
export function defaultValues(definition: ConnectorDefinition): TaskValues {
  const every = withParts([
    ...Object.values(definition.options),
    ...(definition.protocol ? [definition.protocol] : []),
    ...definition.authentication.flatMap((alternative) => alternative.params),
    ...definition.params,
    ...definition.groups.flatMap((group) => group.params),
    ...definition.advanced,
    ...(definition.datasets?.categories.flatMap((category) => category.params) ?? []),
  ]);
  const values: TaskValues = Object.fromEntries(every.filter((p) => p.value !== undefined).map((p) => [p.name, p.value]));
  if (definition.authentication[0]) values.auth = definition.authentication[0].kind;
  return values;
}

function rangeProblem(param: Param, n: number): Problem | null {
  const { min, max } = param.hint;
  if ((min === undefined || n >= min) && (max === undefined || n <= max)) return null;
  if (min !== undefined && max !== undefined) return { key: 'datasource.validation.range', args: [min, max] };
  return min !== undefined ? { key: 'datasource.validation.min', args: [min] } : { key: 'datasource.validation.max', args: [max as number] };
}

/** The format problem of one (non-empty) value of a param, by its hint, choices, pattern and name. */
function valueProblem(param: Param, value: ParamValue, now: number): Problem | null {
  const { type, choices } = param.hint;
  const text = String(value).trim();
  if (param.name === 'port') {
    const key = portRule(value);
    if (key) return { key };
  }
  if (type === 'integer') {
    if (!/^-?\d+$/.test(text)) return { key: 'datasource.validation.integer' };
    return rangeProblem(param, Number(text));
  }
  if (type === 'timeout' || type === 'duration') {
    const key = timeLikeRule(value);
    return key ? { key } : rangeProblem(param, Number(text));
  }
  if (type === 'time' && resolveTimeValue(value, now) === null) return { key: 'datasource.validation.time' };
  if (type === 'bool' && text !== 'true' && text !== 'false') return { key: 'datasource.validation.choice' };
  if (choices && type !== 'bool' && !choices.some((c) => String(c.value) === text)) return { key: 'datasource.validation.choice' };
  if (param.pattern && !new RegExp(`^(?:${param.pattern})$`).test(text)) {
    return param.patternMsg ? { text: param.patternMsg } : { key: 'datasource.validation.pattern' };
  }
  return null;
}

type ConnectorRule = (values: TaskValues, now: number) => Record<string, MessageKey | null | undefined>;

const sqlRule: ConnectorRule = (values) => ({ sql: sqlTemplateRule(values.sql) });

/** The §5 rules tied to one connector, beyond what its params declare. */
const CONNECTOR_RULES: Partial<Record<ConnectorId, ConnectorRule>> = {
  tmq: (values) => ({ 'group.id': tmqIdRule(values['group.id']), 'client.id': tmqIdRule(values['client.id']) }),
  taos: (values) => ({ write_concurrency: writeConcurrencyRule(values.read_concurrency, values.write_concurrency) }),
  pibackfill: (values, now) => backfillTimesRule(values.start_time, values.end_time, now),
  mqtt: (values) => ({ topics: mqttTopicsRule(values.topics) }),
  mysql: sqlRule,
  postgres: sqlRule,
  oracle: sqlRule,
  mssql: sqlRule,
  mongodb: (values) => ({ query: mongodbTemplateRule(values.query) }),
};

function opcRule(definition: ConnectorDefinition, values: TaskValues): Record<string, MessageKey> {
  return chooseDatasetCategory(definition, values)?.key === OPC_DATA_POINTS_CATEGORY ? opcDataPointsRule(values) : {};
}

/**
 * Validates a task's values against its connector's definition: required (the definition's and §5's), then each
 * applying param's hint (integer, min/max, digits-only durations, choices, time), pattern/patternMsg, then the
 * connector's own §5 rules. Answers field → message text in `language`; empty when the task is valid.
 */
export function validateTask(
  definition: ConnectorDefinition,
  values: TaskValues,
  options: { language?: Language; now?: number } = {},
): Record<string, string> {
  const language = options.language ?? 'en';
  const now = options.now ?? Date.now();
  const problems: Record<string, Problem> = {};
  const applying = taskParams(definition, values).filter((p) => paramApplies(p, values));
  for (const name of requiredNames(definition, values)) {
    if (isEmptyValue(values[name])) problems[name] = { key: 'validation.required' };
  }
  for (const param of applying) {
    const value = values[param.name];
    if (problems[param.name] || value === undefined || isEmptyValue(value)) continue;
    const parts = param.multiple && Array.isArray(value) ? value : [value];
    const problem = parts.map((part) => valueProblem(param, part, now)).find((p) => p !== null);
    if (problem) problems[param.name] = problem;
  }
  const connectorProblems = { ...CONNECTOR_RULES[definition.id]?.(values, now), ...opcRule(definition, values) };
  for (const [name, key] of Object.entries(connectorProblems)) {
    if (key && !problems[name]) problems[name] = { key };
  }
  return Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [name, 'text' in problem ? problem.text : translate(problem.key, language, ...(problem.args ?? []))]),
  );
}
