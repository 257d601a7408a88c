/**
 * Connector definitions as data (data-in.md §3): the catalogue the web app draws every task form from, with no
 * per-connector form code, and that the server validates tasks against (rules.ts). One definition per connector
 * and language; both languages have the same structure, only text differs (definitions/index.ts).
 */

/** The 17 catalogue entries; the last seven are our ids for the entries the spec does not name (docs/data-in.md). */
export const CONNECTOR_IDS = [
  'tmq',
  'taos',
  'pi',
  'pibackfill',
  'opcua',
  'opcda',
  'influxdb',
  'opentsdb',
  'mqtt',
  'kafka',
  'csv',
  'aveva',
  'mysql',
  'postgres',
  'oracle',
  'mssql',
  'mongodb',
] as const;
export type ConnectorId = (typeof CONNECTOR_IDS)[number];

/** SQL sources share one form shape and the ${start}/${end} template rule (§5). */
export const SQL_CONNECTOR_IDS = ['mysql', 'postgres', 'oracle', 'mssql'] as const satisfies readonly ConnectorId[];

/** §3 hint types: time is a point in time, timeout and duration are digits with a unit (type_value). */
export const HINT_TYPES = ['str', 'integer', 'bool', 'time', 'timeout', 'duration', 'compose', 'file', 'password'] as const;
export type HintType = (typeof HINT_TYPES)[number];

export type ParamValue = string | number | boolean | string[] | null;

export interface Choice {
  value: string | number | boolean;
  label: string;
}

export interface ParamHint {
  type: HintType;
  choices?: Choice[];
  min?: number;
  max?: number;
}

/** The unit of a timeout or duration: the choices and the one chosen. */
export interface TypeValue {
  units: string[];
  unit: string;
}

/**
 * A param applies (is shown, required, validated) only when every requirement holds: the named param equals
 * `value` (one of them when an array), or is non-empty when `value` is absent.
 */
export interface ParamRequirement {
  name: string;
  value?: ParamValue;
}

export interface Param {
  name: string;
  display: string;
  hint: ParamHint;
  description?: string;
  /** The default. */
  value?: ParamValue;
  placeholder?: string;
  required?: boolean;
  /** A regular expression source the whole value must match; patternMsg is the (translated) text shown otherwise. */
  pattern?: string;
  patternMsg?: string;
  type_value?: TypeValue;
  requires?: ParamRequirement[];
  hidden?: boolean;
  multiple?: boolean;
  /** false: shown, not changeable once the task exists. */
  editable?: boolean;
  /** The parts of a compose param. */
  params?: Param[];
}

/** §3 options: where the source is. `subject` is the task's subject (topic, bucket …), `database` a database name. */
export const OPTION_KEYS = ['host', 'port', 'subject', 'database', 'endpoint', 'path'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];
export type ConnectorOptions = Partial<Record<OptionKey, Param>>;

export const AUTH_KINDS = ['plain', 'anonymous', 'certificates', 'token', 'sasl', '1.x', '2.x'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export interface AuthAlternative {
  kind: AuthKind;
  display: string;
  params: Param[];
}

/** A group of params; the form collapses it while none of its params holds a value (§2). */
export interface ParamGroup {
  name: string;
  display: string;
  description?: string;
  params: Param[];
}

/** A dataset category (PI, OPC); its key present in the task's params selects it (§4). */
export interface DatasetCategory {
  key: string;
  display: string;
  description?: string;
  params: Param[];
  /** A default configuration file offered for download (§2), by the call that serves it. */
  download?: { display: string; call: string };
}

export interface Datasets {
  display: string;
  categories: DatasetCategory[];
}

export type ParserFieldType = 'timestamp' | 'varchar' | 'int' | 'bigint' | 'double';

export interface ParserField {
  name: string;
  type: ParserFieldType;
}

export interface ConnectorDefinition {
  id: ConnectorId;
  /** The source's uri scheme. */
  type: string;
  name: string;
  license_id: string;
  description: string;
  options: ConnectorOptions;
  protocol?: Param;
  authentication: AuthAlternative[];
  groups: ParamGroup[];
  advanced: Param[];
  params: Param[];
  datasets?: Datasets;
  parser?: { fields: ParserField[] };
}

/** GET /region/{region}/replication/{appId}/definitions?lang=: cached by the web app under the version. */
export interface DefinitionsResponse {
  version: string;
  definitions: ConnectorDefinition[];
}

/** A task's form values by param name (options, protocol, auth, params, dataset params), plus the chosen auth. */
export type TaskValues = Record<string, ParamValue | undefined> & { auth?: AuthKind };
