import { useMemo } from 'react';
import { Alert, Button, Checkbox, Form, InputNumber, Radio } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { useExemption } from '../../../data/mfa/exemption';
import { useSetExemption } from '../../../data/mfa/setExemption';
import { useVerifyUrls } from '../../../data/mfa/verifyUrls';
import { formatDateTime } from '../../../config/format';
import { DateTimeInput } from '../../../components/form/DateTimeInput';
import { TEMP_DISABLE_DEFAULTS, exemptibleOperations, tempDisableSchema, toExemptionBody, type TempDisableValues } from './tempDisableRules';

/**
 * Temporarily turns multi-factor off for chosen protected operations: for N minutes (default 10; 0 turns it back
 * on) or until an end time that must not be expired. Itself a protected operation.
 */
export function TempDisableForm() {
  const { t } = useTranslation();
  const urls = useVerifyUrls();
  const exemption = useExemption();
  const save = useSetExemption();
  const schema = useMemo(() => tempDisableSchema(() => Date.now()), []);
  const { control, handleSubmit } = useForm<TempDisableValues>({ resolver: zodResolver(schema), defaultValues: TEMP_DISABLE_DEFAULTS });
  const mode = useWatch({ control, name: 'mode' });
  const options = exemptibleOperations(urls.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  const active = exemption.data && exemption.data.remaining > 0 && exemption.data.expiration !== null ? exemption.data : null;
  const names = (ids: readonly string[]) => ids.map((id) => options.find((o) => o.value === id)?.label ?? id).join(', ');

  const submit = handleSubmit(async (values) => {
    const body = toExemptionBody(values);
    if (!(await save.mutateAsync(body).then(() => true, () => false))) return;
    notifier.success(t(body.minutes === 0 ? 'settings.mfaTemp.reenabled' : 'settings.mfaTemp.saved'));
  });

  return (
    <>
      {active && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('settings.mfaTemp.active', { operations: names(active.urlIds), time: formatDateTime(active.expiration!) })} />}
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void submit()}>
        <FormField control={control} name="urlIds" label={t('settings.mfaTemp.operations')} required render={(f) => <Checkbox.Group value={f.value} onChange={f.onChange} options={options} />} />
        <FormField
          control={control}
          name="mode"
          label={t('settings.mfaTemp.duration')}
          render={(f) => (
            <Radio.Group value={f.value} onChange={(e) => f.onChange(e.target.value)}>
              <Radio value="minutes">{t('settings.mfaTemp.forMinutes')}</Radio>
              <Radio value="until">{t('settings.mfaTemp.untilTime')}</Radio>
            </Radio.Group>
          )}
        />
        {mode === 'until' ? (
          <FormField
            control={control}
            name="until"
            label={t('settings.mfaTemp.endTime')}
            required
            render={(f) => (
              <DateTimeInput futureOnly value={f.value ? f.value : null} onChange={f.onChange} />
            )}
          />
        ) : (
          <FormField
            control={control}
            name="minutes"
            label={t('settings.mfaTemp.minutes')}
            required
            render={(f) => <InputNumber value={f.value} onChange={(v) => f.onChange(v ?? 0)} min={0} max={24 * 60} precision={0} suffix={t('settings.mfaTemp.minutesUnit')} style={{ width: 180 }} />}
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('access.action.save')}
        </Button>
      </Form>
    </>
  );
}
