import { useState } from 'react';
import { Alert, Button, Col, Collapse, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { useDatabaseMutations } from '../../../data/explorer/databases';
import { failureText } from '../../../data/sql/run';
import {
  ALTERABLE_OPTIONS, DATABASE_OPTIONS, FREE_PLAN_DATABASES, alterDatabaseSql, createDatabaseSql, defaultDatabaseOptions, optionAvailable, storedName,
  type DatabaseOptions, type OptionSpec,
} from '../../../explorer-sql';
import type { WebKey } from '../../../i18n/keys';
import type { ExplorerInstance } from '../context';
import { databaseFormSchemaFor, formToOptions, type DatabaseForm } from './schema';

/** The options shown first; the rest sit under "More options". */
const MAIN_OPTIONS = new Set(['precision', 'replica', 'keep', 'duration', 'buffer', 'cachemodel', 'cachesize', 'vgroups']);

/**
 * Create or edit a database (data-explorer.md §3). Every option with its bounds and unit; options the instance's
 * version does not have are hidden; when editing, only the alterable ones can be changed and only what changed is
 * sent (nothing when nothing changed). A failure shows the engine's text and keeps what was typed. The free plan's
 * database limit (3) is shown before creating when the tree already holds that many.
 */
export function DatabaseDialog(props: {
  instance: ExplorerInstance;
  /** Edit: the database and its current options (SHOW CREATE DATABASE over ins_databases). */
  editing?: { db: string; options: DatabaseOptions };
  databaseCount: number;
  onClose: () => void;
  onDone?: (db: string) => void;
}) {
  const { t } = useTranslation();
  const { instance, editing } = props;
  const { create, alter } = useDatabaseMutations(instance);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = editing ? { name: editing.db, ...editing.options } : { name: '', ...defaultDatabaseOptions(instance) };
  const { control, handleSubmit } = useForm<DatabaseForm>({ resolver: zodResolver(databaseFormSchemaFor({ ha: !!instance.ha, maxVgroups: instance.maxVgroups }, !!editing)), defaultValues: initial as DatabaseForm, mode: 'onChange' });
  const atLimit = !editing && instance.free && props.databaseCount >= FREE_PLAN_DATABASES;
  const available = DATABASE_OPTIONS.filter((o) => optionAvailable(o, instance.image_version));

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      if (editing) {
        const sql = alterDatabaseSql(editing.db, editing.options, formToOptions(form));
        if (sql === null) {
          notifier.info(t('explorer.nothingChanged'));
          props.onClose();
          return;
        }
        await alter.mutateAsync({ sql });
        notifier.success(t('explorer.db.updated'));
      } else {
        await create.mutateAsync({ db: storedName(form.name), sql: createDatabaseSql(form.name, formToOptions(form), instance.image_version) });
        notifier.success(t('explorer.db.created'));
      }
      props.onDone?.(editing ? editing.db : storedName(form.name));
      props.onClose();
    } catch (error) {
      setFailure(failureText(error));
    }
  });

  const field = (o: OptionSpec) => <OptionField key={o.key} spec={o} control={control} disabled={!!editing && !ALTERABLE_OPTIONS.includes(o.key)} />;
  return (
    <AppModal
      open
      width={760}
      title={t(editing ? 'explorer.db.edit' : 'explorer.db.create')}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="ok" type="primary" disabled={atLimit} loading={create.isPending || alter.isPending} onClick={() => void submit()} data-testid="db-submit">
          {t(editing ? 'explorer.action.save' : 'explorer.action.create')}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {atLimit && <Alert type="warning" showIcon title={t('explorer.db.limit', { count: FREE_PLAN_DATABASES })} data-testid="db-limit" />}
          {editing && <Alert type="info" showIcon title={t('explorer.db.alterableOnly')} />}
          {!editing && instance.ha ? <Alert type="info" showIcon title={t('explorer.db.haReplica')} /> : null}
          {failure && <Alert type="error" showIcon title={failure} data-testid="db-failure" />}
          <FormField control={control} name="name" label={t('explorer.db.name')} required render={(f) => <Input {...f} disabled={!!editing} autoFocus />} />
          <Row gutter={16}>{available.filter((o) => MAIN_OPTIONS.has(o.key)).map((o) => <Col span={12} key={o.key}>{field(o)}</Col>)}</Row>
          <Collapse
            size="small"
            items={[{ key: 'more', label: t('explorer.db.advanced'), forceRender: true, children: <Row gutter={16}>{available.filter((o) => !MAIN_OPTIONS.has(o.key)).map((o) => <Col span={12} key={o.key}>{field(o)}</Col>)}</Row> }]}
          />
        </Space>
        <button type="submit" hidden />
      </Form>
    </AppModal>
  );
}

function OptionField({ spec, control, disabled }: { spec: OptionSpec; control: Control<DatabaseForm>; disabled: boolean }) {
  const { t } = useTranslation();
  const label = (
    <span>
      {t(`explorer.db.opt.${spec.key}` as WebKey)}
      {spec.unit && <Typography.Text type="secondary"> ({t(`explorer.db.unit.${spec.unit}` as WebKey)})</Typography.Text>}
    </span>
  );
  const name = spec.key as keyof DatabaseForm;
  if (spec.kind === 'choice') {
    return <FormField control={control} name={name} label={label} render={(f) => <Select {...f} disabled={disabled} options={spec.choices!.map((c) => ({ value: c, label: String(c) }))} />} />;
  }
  if (spec.kind === 'int') {
    const nullable = spec.key === 'table_prefix' || spec.key === 'table_suffix';
    return (
      <FormField
        control={control}
        name={name}
        label={label}
        render={(f) => (
          <InputNumber
            {...f}
            value={f.value as number | null}
            onChange={(v) => f.onChange(v ?? (nullable ? null : undefined))}
            disabled={disabled}
            style={{ width: '100%' }}
            placeholder={nullable ? t('explorer.db.none') : t('explorer.db.range', { min: String(spec.min), max: String(spec.max) })}
          />
        )}
      />
    );
  }
  const help = spec.kind === 'duration' ? 'explorer.db.durationHelp' : spec.kind === 'keep' ? 'explorer.db.keepHelp' : 'explorer.db.retentionsHelp';
  return <FormField control={control} name={name} label={label} render={(f) => <Input {...f} value={String(f.value ?? '')} disabled={disabled} placeholder={t(help)} />} />;
}
