import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AutoComplete, Button, Form, Input, Space } from 'antd';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  chooseDatasetCategory,
  fromExpandOf,
  isEmptyValue,
  taskParams,
  validateTask,
  type ConnectorDefinition,
  type Language,
  type TaskBody,
  type TaskDetails,
  type TaskValues,
  type TransformSampleResponse,
} from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { edition } from '../../../config/edition';
import { downloadFileName, useReplicationDownload } from '../../../data/dataIn/pointFiles';
import { dataInPaths } from '../paths';
import { useCheckConnection, useTransformSample } from '../../../data/dataIn/check';
import { useCsvFiles, useUploadCsvFile } from '../../../data/dataIn/csvFiles';
import { useTaskMutations } from '../../../data/dataIn/tasks';
import { useDbList } from '../../../data/explorer/dblist';
import type { InstanceRef } from '../../../data/instances/control';
import { translateMessage } from '../../../i18n';
import { DefinitionSections } from './DefinitionSections';
import { FileChoicesContext, type FileChoices } from './FileInput';
import { fieldKey, paramNameOf, isParamKey, TASK_NAME_KEY, TASK_TARGET_KEY, toFormValues, toTaskValues, type FormValues } from './formValues';
import { TransformSection } from './TransformSection';
import { EMPTY_TRANSFORM, fromTransformConfig, placeTransformRefusal, toTransformConfig, transformInUse, transformResolver, type TransformFormValues } from './transformForm';

export interface TaskFormProps {
  instance: InstanceRef;
  definition: ConnectorDefinition;
  language: Language;
  /** The form's starting values: a new task's defaults, or a saved task's (valuesOfFromExpand). */
  initial: TaskValues;
  /** The saved task when editing. */
  task?: TaskDetails;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/** The field → message map of the task's own fields and of validateTask, as react-hook-form errors. */
function taskErrors(definition: ConnectorDefinition, form: FormValues, category: string, language: Language): FieldErrors<FormValues> {
  const values = toTaskValues(form);
  const messages: Record<string, string> = {};
  for (const key of [TASK_NAME_KEY, TASK_TARGET_KEY]) if (isEmptyValue(form[key])) messages[key] = translateMessage('validation.required');
  // A chosen category whose key names its main param needs that param (§4: the key present chooses it).
  const chosen = definition.datasets?.categories.find((c) => c.key === category);
  if (chosen && chosen.params.some((p) => p.name === chosen.key) && isEmptyValue(values[chosen.key])) messages[fieldKey(chosen.key)] = translateMessage('validation.required');
  for (const [name, message] of Object.entries(validateTask(definition, values, { language }))) messages[fieldKey(name)] ??= message;
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, { type: 'rule', message }]));
}

/**
 * Create or edit a data-in task, drawn from its connector's definition by one renderer. Every §5 rule is checked
 * before sending (validateTask, the contracts' function the server runs too); server refusals are shown under their
 * field or above the form, and what was typed is kept.
 */
export function TaskForm({ instance, definition, language, initial, task, onSaved, onCancel }: TaskFormProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState(() => chooseDatasetCategory(definition, initial)?.key ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [check, setCheck] = useState<{ ok: boolean; text: string } | null>(null);
  const [sample, setSample] = useState<TransformSampleResponse | null>(null);
  // The resolver is read by react-hook-form from its first options: the category goes through a ref.
  const categoryRef = useRef(category);
  categoryRef.current = category;
  const resolver: Resolver<FormValues> = (form) => {
    const errors = taskErrors(definition, form, categoryRef.current, language);
    return Object.keys(errors).length ? { values: {}, errors } : { values: form, errors: {} };
  };
  const form = useForm<FormValues>({ resolver, defaultValues: toFormValues(initial, { name: task?.name, target: task?.target_db }), mode: 'onChange' });
  const transform = useForm<TransformFormValues>({ resolver: transformResolver, defaultValues: task ? fromTransformConfig(task.transform) : EMPTY_TRANSFORM, mode: 'onChange' });
  const watched = useWatch({ control: form.control }) as FormValues;
  const values = toTaskValues(watched);
  const { create, update } = useTaskMutations(instance);
  const checkConnection = useCheckConnection(instance);
  const sampleCall = useTransformSample(instance);
  const dbs = useDbList(instance);
  const hasFiles = taskParams(definition, values).some((p) => p.hint.type === 'file');
  const csvFiles = useCsvFiles(instance, hasFiles);
  const uploadCsv = useUploadCsvFile(instance);
  const download = useReplicationDownload(instance);
  const fileChoices: FileChoices = { names: (csvFiles.data ?? []).map((f) => f.name), upload: async (file) => (await uploadCsv.mutateAsync(file)).name, uploading: uploadCsv.isPending };
  // §5 backfill (start ≤ end ≤ now) spans two params: a change of one time re-checks the others once any was edited.
  const timeKeys = taskParams(definition, values).filter((p) => p.hint.type === 'time').map((p) => fieldKey(p.name)).join(',');
  const timesText = JSON.stringify(timeKeys.split(',').map((key) => watched[key] ?? null));
  useEffect(() => {
    const keys = timeKeys ? timeKeys.split(',') : [];
    if (keys.some((key) => form.getFieldState(key).isDirty)) void form.trigger(keys);
  }, [form, timeKeys, timesText]);
  const typedTarget = String(watched[TASK_TARGET_KEY] ?? '');
  const targetDb = dbs.data?.some((d) => d.databaseName === typedTarget) ? typedTarget : null;
  const errorNames = new Set(Object.keys(form.formState.errors).filter(isParamKey).map(paramNameOf));

  const chooseCategory = (key: string) => {
    setCategory(key);
    for (const c of definition.datasets?.categories ?? []) {
      const ownsParam = c.params.some((p) => p.name === c.key);
      // A category without a param of its key is chosen by `<key>: true`; the others' keys are cleared.
      if (c.key === key && !ownsParam) form.setValue(fieldKey(c.key), true);
      else if (c.key !== key) form.setValue(fieldKey(c.key), undefined);
    }
  };
  const currentValues = () => toTaskValues(form.getValues(), definition);

  const showRefusal = (error: unknown) => {
    const key = isApiError(error) ? error.message : String(error);
    const fields = isApiError(error) && error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
    let placed = placeTransformRefusal(transform, fields, key);
    for (const [name, message] of Object.entries(fields)) {
      if (typeof message !== 'string' || name.startsWith('transform.')) continue;
      const target = name === 'name' ? TASK_NAME_KEY : name === 'target_db' ? TASK_TARGET_KEY : fieldKey(name);
      form.setError(target, { type: 'server', message: translateMessage(message) });
      placed = true;
    }
    if (!placed) setFailure(translateMessage(key));
  };

  const save = async () => {
    setFailure(null);
    const withTransform = transformInUse(transform.getValues());
    const [taskOk, transformOk] = await Promise.all([form.trigger(), withTransform ? transform.trigger() : Promise.resolve(true)]);
    if (!taskOk || !transformOk) return setFailure(t('dataIn.form.invalid'));
    const all = form.getValues();
    const body: TaskBody = {
      connector: definition.id,
      name: String(all[TASK_NAME_KEY] ?? ''),
      target_db: String(all[TASK_TARGET_KEY] ?? ''),
      from_expand: fromExpandOf(definition, currentValues()),
      transform: withTransform ? (toTransformConfig(transform.getValues()) as Record<string, unknown>) : {},
    };
    try {
      const saved = task ? await update.mutateAsync({ id: task.id, body }) : await create.mutateAsync(body);
      notifier.success(t('dataIn.form.saved'));
      onSaved(saved.id);
    } catch (error) {
      showRefusal(error);
    }
  };

  const runCheck = async () => {
    setCheck(null);
    try {
      const result = await checkConnection.mutateAsync({ connector: definition.id, values: currentValues() });
      const message = result.message ?? result.msg ?? '';
      setCheck(result.valid ? { ok: true, text: t('dataIn.form.checkOk') } : { ok: false, text: t('dataIn.form.checkFailed', { message: translateMessage(message) }) });
    } catch (error) {
      setCheck({ ok: false, text: t('dataIn.form.checkFailed', { message: translateMessage(isApiError(error) ? error.message : String(error)) }) });
    }
  };

  const runSample = async () => {
    setSample(null);
    if (!(await transform.trigger())) return;
    try {
      const body = { transform: toTransformConfig(transform.getValues()), source: { connector: definition.id, values: currentValues() } };
      setSample(await sampleCall.mutateAsync({ body, timeZone: edition.timeZone }));
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      // A transform the server refuses names its field: the message goes under that row.
      if (!(isApiError(error) && placeTransformRefusal(transform, error.data, message))) setFailure(translateMessage(message));
    }
  };

  // A stable handler keeps the memoised transform section from re-rendering with every keystroke of the task form.
  const runSampleRef = useRef(runSample);
  runSampleRef.current = runSample;
  const onSample = useCallback(() => void runSampleRef.current(), []);

  return (
    <Form layout="vertical" data-testid="task-form" style={{ maxWidth: 760 }}>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="task-form-failure" />}
      <FormField control={form.control} name={TASK_NAME_KEY} label={t('dataIn.form.name')} required render={(f) => <Input {...f} value={String(f.value ?? '')} />} />
      <FormField
        control={form.control}
        name={TASK_TARGET_KEY}
        label={t('dataIn.form.target')}
        required
        render={(f) => <AutoComplete {...f} value={String(f.value ?? '')} options={(dbs.data ?? []).map((d) => ({ value: d.databaseName }))} />}
      />
      <FileChoicesContext.Provider value={fileChoices}>
        <DefinitionSections
          definition={definition}
          control={form.control}
          values={values}
          editing={!!task}
          category={category}
          onCategory={chooseCategory}
          onAuth={(kind) => form.setValue(fieldKey('auth'), kind, { shouldValidate: form.formState.isSubmitted })}
          errorNames={errorNames}
          onDownload={(call) => download.mutate({ call, fileName: downloadFileName(call) })}
          pointsPath={(file) => dataInPaths.points('file', file)}
        />
      </FileChoicesContext.Provider>
      <TransformSection form={transform} instance={instance} targetDb={targetDb} onSample={onSample} sampling={sampleCall.isPending} sample={sample} />
      {check && <Alert type={check.ok ? 'success' : 'error'} showIcon title={check.text} style={{ marginTop: 16 }} data-testid="check-result" />}
      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => void runCheck()} loading={checkConnection.isPending}>
          {t('dataIn.form.check')}
        </Button>
        <Button type="primary" onClick={() => void save()} loading={create.isPending || update.isPending}>
          {t('dataIn.form.save')}
        </Button>
        <Button onClick={onCancel}>{t('dataIn.form.cancel')}</Button>
      </Space>
    </Form>
  );
}
