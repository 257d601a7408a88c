import { useState } from 'react';
import { Alert, AutoComplete, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { TOPIC_DB_PATTERN, TOPIC_KINDS, topicCreateSchema, type TopicCreateBody, type TopicCreateRequest, type TopicItem } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { isApiError } from '../../api/errors';
import { translateMessage } from '../../i18n';
import { useDbList } from '../../data/explorer/dblist';
import { useStableNames } from '../../data/explorer/stables';
import type { InstanceRef } from '../../data/instances/control';
import { useTopicMutations } from '../../data/topics/list';
import { TOPIC_FORM_DEFAULTS, topicPreview } from './topicForm';

/** Server refusals that belong to one field: shown under it, the form keeps what was typed. */
const FIELD_ERRORS: Record<string, keyof TopicCreateRequest> = {
  'error.topicExists': 'name',
  'error.topicWalRetention': 'db',
  'validation.topicDatabase': 'db',
};

/**
 * The create dialog (§5 rules with the contracts' schema, checked while typing): name, what to subscribe to (a
 * query, a super table with an optional tag condition, or a database; WITH META for the last two) and the
 * generated CREATE TOPIC statement.
 */
export function TopicForm({ instance, onCreated, onCancel }: { instance: InstanceRef; onCreated: (t: TopicItem) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { create } = useTopicMutations(instance);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TopicCreateRequest, unknown, TopicCreateBody>({
    resolver: zodResolver(topicCreateSchema),
    defaultValues: TOPIC_FORM_DEFAULTS,
    mode: 'onChange',
  });
  const values = useWatch({ control }) as TopicCreateRequest;
  const preview = topicPreview(values);
  const dbs = useDbList(instance);
  const db = values.db ?? '';
  const stables = useStableNames(instance, TOPIC_DB_PATTERN.test(db) ? db : '');

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      const key = isApiError(error) ? error.message : String(error);
      const field = FIELD_ERRORS[key];
      if (field) setError(field, { message: key });
      else setFailure(translateMessage(key));
    }
  });

  return (
    <AppModal open width={720} title={t('topics.create')} onCancel={onCancel} onOk={() => void submit()} okText={t('topics.form.submit')} cancelText={t('topics.form.cancel')} confirmLoading={create.isPending}>
      <Form layout="vertical" data-testid="topic-form">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <FormField control={control} name="name" label={t('topics.form.name')} required render={(f) => <Input {...f} placeholder="meters_topic" />} />
        <Typography.Paragraph type="secondary">{t('topics.form.nameHint')}</Typography.Paragraph>
        <FormField
          control={control}
          name="kind"
          label={t('topics.form.kind')}
          required
          render={(f) => <Radio.Group {...f} options={TOPIC_KINDS.map((k) => ({ value: k, label: t(`topics.kind.${k}`) }))} />}
        />
        <FormField
          control={control}
          name="db"
          label={t('topics.form.db')}
          required
          render={(f) => <AutoComplete {...f} options={(dbs.data ?? []).map((d) => ({ value: d.databaseName }))} placeholder="power" />}
        />
        <Typography.Paragraph type="secondary">{t('topics.form.walHint')}</Typography.Paragraph>
        {values.kind === 'query' && (
          <FormField control={control} name="query" label={t('topics.form.query')} required render={(f) => <Input.TextArea {...f} rows={4} placeholder="SELECT ts, current FROM meters WHERE voltage > 200" />} />
        )}
        {values.kind === 'stable' && (
          <>
            <FormField
              control={control}
              name="stable"
              label={t('topics.form.stable')}
              required
              render={(f) => <AutoComplete {...f} options={(stables.data ?? []).map((s) => ({ value: s }))} placeholder="meters" />}
            />
            <FormField control={control} name="condition" label={t('topics.form.condition')} render={(f) => <Input {...f} placeholder="location = 'office'" />} />
          </>
        )}
        {values.kind !== 'query' && (
          <FormField control={control} name="with_meta" render={(f) => <Checkbox checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)}>{t('topics.form.withMeta')}</Checkbox>} />
        )}
        <Form.Item label={t('topics.form.sql')}>
          <Typography.Paragraph code data-testid="topic-sql">{preview ?? '—'}</Typography.Paragraph>
        </Form.Item>
      </Form>
    </AppModal>
  );
}
