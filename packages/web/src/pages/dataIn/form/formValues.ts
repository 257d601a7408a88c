import { isEmptyValue, taskParams, type ConnectorDefinition, type Param, type ParamValue, type TaskValues } from '@tscloud/contracts';

/**
 * The form's values: react-hook-form reads dots and brackets in a field name as a path, and param names hold dots
 * (TMQ's `group.id`), so each param is stored under an encoded key. Task fields (name, target) sit beside them.
 */
export type FormValues = Record<string, ParamValue | undefined>;

export const TASK_NAME_KEY = 'task_name';
export const TASK_TARGET_KEY = 'task_target';
const PARAM_PREFIX = 'p_';

export const fieldKey = (paramName: string) => PARAM_PREFIX + paramName.replace(/[.[\]~]/g, (c) => `~${c.charCodeAt(0).toString(16)}~`);
export const paramNameOf = (key: string) => key.slice(PARAM_PREFIX.length).replace(/~([0-9a-f]+)~/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
export const isParamKey = (key: string) => key.startsWith(PARAM_PREFIX);

/** A timeout's or duration's chosen unit, when the param offers more than one (docs/data-in.md "Screens"). */
export const unitName = (param: Param) => `${param.name}_unit`;

export function toFormValues(values: TaskValues, task: { name?: string; target?: string } = {}): FormValues {
  const form: FormValues = { [TASK_NAME_KEY]: task.name ?? '', [TASK_TARGET_KEY]: task.target ?? '' };
  for (const [name, value] of Object.entries(values)) form[fieldKey(name)] = value;
  return form;
}

const NUMERIC_HINTS = new Set(['integer', 'timeout', 'duration']);

/** The task's values from the form: whole numbers of numeric params as numbers, the rest as typed. */
export function toTaskValues(form: FormValues, definition?: ConnectorDefinition): TaskValues {
  const values: TaskValues = {};
  for (const [key, value] of Object.entries(form)) if (isParamKey(key)) values[paramNameOf(key)] = value;
  if (!definition) return values;
  for (const param of taskParams(definition, values)) {
    const value = values[param.name];
    if (NUMERIC_HINTS.has(param.hint.type) && typeof value === 'string' && /^-?\d+$/.test(value.trim())) values[param.name] = Number(value);
  }
  return values;
}

/** Whether any of the params holds a value other than its default: such a group opens by itself (§2). */
export function holdsValues(params: Param[], values: TaskValues): boolean {
  return params.some((param) => {
    const value = values[param.name];
    return !isEmptyValue(value) && String(value) !== String(param.value ?? '');
  });
}
