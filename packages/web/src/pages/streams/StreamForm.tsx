import { Alert, Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAM_FUNCTIONS, STREAM_WINDOWS, streamCreateSchemaFor, type Instance, type StreamCreateBody, type StreamCreateRequest, type StreamItem } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { isApiError } from '../../api/errors';
import { translateMessage } from '../../i18n';
import { useCreateStream } from '../../data/streams/create';
import type { InstanceRef } from '../../data/instances/control';
import { STREAM_FORM_DEFAULTS, streamPreview, triggersOf } from './streamForm';
import { SourcePicker } from './SourcePicker';

type TextField = 'where' | 'partition_by' | 'interval' | 'sliding' | 'session_column' | 'session_gap' | 'state_expr' | 'event_start' | 'event_end' | 'true_for' | 'max_delay' | 'watermark' | 'target_table' | 'target_db' | 'tags' | 'subtable';

/**
 * The create form: every rule of the server's schema is checked while typing (same zod schema, same messages),
 * the CREATE STREAM statement is shown as it is filled, and a refusal (e.g. "Stream name already exists") is shown
 * without losing what was typed. On an instance of a TDengine 3.3.7 cluster the same form is written in 3.3.7's
 * trigger model, with that grammar's rules and triggers, and says so.
 */
export function StreamForm({
  instance,
  onCreated,
  onCancel,
}: {
  instance: InstanceRef & Partial<Pick<Instance, 'stream_model' | 'image_version'>>;
  onCreated: (s: StreamItem) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const model = instance.stream_model ?? 'classic';
  const create = useCreateStream(instance);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue } = useForm<StreamCreateRequest, unknown, StreamCreateBody>({
    resolver: zodResolver(streamCreateSchemaFor(model)),
    defaultValues: STREAM_FORM_DEFAULTS,
    mode: 'onChange',
  });
  const columns = useFieldArray({ control, name: 'columns' });
  const values = useWatch({ control }) as StreamCreateRequest;
  const preview = streamPreview(values, model);

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      const key = isApiError(error) ? error.message : String(error);
      if (key === 'error.streamExists' || key === translateMessage('error.streamExists')) setError('name', { message: 'error.streamExists' });
      else setFailure(translateMessage(key));
    }
  });

  const field = (name: TextField, label: string, required = false, placeholder?: string) => (
    <FormField control={control} name={name} label={label} required={required} render={(f) => <Input {...f} value={f.value ?? ''} placeholder={placeholder} />} />
  );

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="stream-form">
      {model === 'triggers' && <Alert type="info" showIcon title={t('streams.form.triggerModel', { version: instance.image_version ?? '' })} style={{ marginBottom: 16 }} data-testid="stream-trigger-model" />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField control={control} name="name" label={t('streams.form.name')} required render={(f) => <Input {...f} placeholder="avg_voltage" />} />
          <Typography.Text type="secondary">{t('streams.form.nameHelp')}</Typography.Text>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('streams.form.source')}</Typography.Title>
      <SourcePicker instance={instance} control={control} db={values.source_db ?? ''} />
      <Typography.Title level={5}>{t('streams.form.columns')}</Typography.Title>
      {columns.fields.map((item, index) => (
        <Row gutter={8} key={item.id} align="bottom">
          <Col span={6}>
            <FormField
              control={control}
              name={`columns.${index}.fn`}
              label={t('streams.form.function')}
              render={(f) => <Select {...f} aria-label={t('streams.form.function')} options={STREAM_FUNCTIONS.map((fn) => ({ value: fn, label: fn }))} />}
            />
          </Col>
          <Col span={7}>
            <FormField control={control} name={`columns.${index}.column`} label={t('streams.form.column')} required render={(f) => <Input {...f} placeholder="voltage" />} />
          </Col>
          <Col span={7}>
            <FormField control={control} name={`columns.${index}.alias`} label={t('streams.form.alias')} render={(f) => <Input {...f} value={f.value ?? ''} />} />
          </Col>
          <Col span={4}>
            <Form.Item>
              <Button disabled={columns.fields.length === 1} onClick={() => columns.remove(index)}>
                {t('streams.form.removeColumn')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      ))}
      <Form.Item>
        <Button onClick={() => columns.append({ fn: 'AVG', column: '', alias: '' })} data-testid="stream-add-column">
          {t('streams.form.addColumn')}
        </Button>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('where', t('streams.form.where'))}</Col>
        <Col xs={24} md={12}>{field('partition_by', t('streams.form.partitionBy'), false, 'tbname')}</Col>
      </Row>
      <Typography.Title level={5}>{t('streams.form.window')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormField control={control} name="window" label={t('streams.form.window')} required render={(f) => <Select {...f} options={STREAM_WINDOWS.map((w) => ({ value: w, label: w }))} />} />
        </Col>
        {values.window === 'INTERVAL' && (
          <>
            <Col xs={12} md={8}>{field('interval', t('streams.form.interval'), true, '1m')}</Col>
            <Col xs={12} md={8}>{field('sliding', t('streams.form.sliding'), false, '30s')}</Col>
          </>
        )}
        {values.window === 'SESSION' && (
          <>
            <Col xs={12} md={8}>{field('session_column', t('streams.form.sessionColumn'), true, 'ts')}</Col>
            <Col xs={12} md={8}>{field('session_gap', t('streams.form.sessionGap'), true, '30s')}</Col>
          </>
        )}
        {values.window === 'STATE_WINDOW' && (
          <>
            <Col xs={12} md={8}>{field('state_expr', t('streams.form.stateExpr'), true)}</Col>
            <Col xs={12} md={8}>{field('true_for', t('streams.form.trueFor'), false, '10s')}</Col>
          </>
        )}
        {values.window === 'EVENT_WINDOW' && (
          <>
            <Col xs={12} md={8}>{field('event_start', t('streams.form.eventStart'), true, 'voltage > 220')}</Col>
            <Col xs={12} md={8}>{field('event_end', t('streams.form.eventEnd'), true, 'voltage <= 220')}</Col>
            <Col xs={12} md={8}>{field('true_for', t('streams.form.trueFor'), false, '10s')}</Col>
          </>
        )}
        {values.window === 'COUNT_WINDOW' && (
          <>
            <Col xs={12} md={8}>
              <FormField control={control} name="count" label={t('streams.form.count')} required render={(f) => <InputNumber {...f} value={f.value as number | undefined} onChange={(v) => f.onChange(v ?? undefined)} min={1} style={{ width: '100%' }} />} />
            </Col>
            <Col xs={12} md={8}>
              <FormField control={control} name="count_slide" label={t('streams.form.countSlide')} render={(f) => <InputNumber {...f} value={f.value as number | undefined} onChange={(v) => f.onChange(v ?? undefined)} min={1} style={{ width: '100%' }} />} />
            </Col>
          </>
        )}
      </Row>
      <Typography.Title level={5}>{t('streams.form.trigger')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormField
            control={control}
            name="trigger"
            label={t('streams.form.trigger')}
            render={(f) => <Select {...f} options={triggersOf(model).map((v) => ({ value: v, label: t(`streams.form.trigger.${v}`) }))} />}
          />
        </Col>
        {values.trigger === 'MAX_DELAY' && <Col xs={12} md={8}>{field('max_delay', t('streams.form.maxDelay'), true, '5s')}</Col>}
        <Col xs={12} md={8}>{field('watermark', t('streams.form.watermark'), false, '10s')}</Col>
      </Row>
      <Space size={24}>
        <FormField control={control} name="ignore_expired" render={(f) => <Checkbox checked={f.value} onChange={(e) => setValue('ignore_expired', e.target.checked, { shouldValidate: true })}>{t('streams.form.ignoreExpired')}</Checkbox>} />
        <FormField control={control} name="fill_history" render={(f) => <Checkbox checked={f.value} onChange={(e) => setValue('fill_history', e.target.checked, { shouldValidate: true })}>{t('streams.form.fillHistory')}</Checkbox>} />
      </Space>
      <Typography.Title level={5}>{t('streams.form.target')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('target_table', t('streams.form.targetTable'), true, 'avg_voltage_out')}</Col>
        <Col xs={24} md={12}>{field('target_db', t('streams.form.targetDb'))}</Col>
        <Col xs={24} md={12}>{field('tags', t(model === 'triggers' ? 'streams.form.tagsTriggerModel' : 'streams.form.tags'))}</Col>
        <Col xs={24} md={12}>{field('subtable', t('streams.form.subtable'))}</Col>
      </Row>
      <Typography.Title level={5}>{t('streams.form.preview')}</Typography.Title>
      <pre data-testid="stream-sql-preview" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'rgba(0,0,0,0.04)', padding: 12 }}>
        {preview ?? t('streams.form.previewInvalid')}
      </pre>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="stream-form-error" />}
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="stream-submit">
          {t('streams.form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('streams.form.cancel')}</Button>
      </Space>
    </Form>
  );
}
