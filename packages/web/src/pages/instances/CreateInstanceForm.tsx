import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Segmented, Select, Spin, Switch } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { IdmpNotice } from './IdmpNotice';
import { AppType, instanceNameSchema, type AppTypeValue, type CreatedInstance } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { useClouds } from '../../data/instances/clouds';
import { useCreateInstance } from '../../data/instances/create';
import { usePricePlans } from '../../data/instances/pricePlans';
import { fetchBillingOverview } from '../../data/instances/upgrade';
import { openDialog } from '../../components/dialogs/dialogManager';
import { edition } from '../../config/edition';
import { CreditWarningDialog } from './UpgradeNotices';
import { billingCovers } from './upgradeRules';
import { translateMessage } from '../../i18n';
import { isApiError } from '../../api/errors';
import { PlanCards } from './PlanCards';
import { cloudLabel, regionLabel } from '../../components/instances/placeNames';

const required = z.string().trim().min(1, { message: 'validation.required' });
const createForm = z.object({
  alias: instanceNameSchema,
  cloud_id: required,
  region_id: required,
  price_plan_level: z.number({ message: 'validation.required' }),
  ha: z.boolean(),
});
type CreateForm = z.input<typeof createForm>;

/**
 * Create an instance (instances/create/{type} and /createFirstInstance): type, cloud and region (required), plan,
 * HA (only plans offering it), alias with the name rule of §5 shown before sending. A refusal is shown above the
 * form and what was typed stays.
 */
export function CreateInstanceForm(props: { type: AppTypeValue; onTypeChange: (type: AppTypeValue) => void; onCreated: (created: CreatedInstance) => void }) {
  const { t } = useTranslation();
  const clouds = useClouds();
  const plans = usePricePlans(0);
  const haPlans = usePricePlans(1);
  const create = useCreateInstance();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setValue } = useForm<CreateForm>({
    resolver: zodResolver(createForm),
    defaultValues: { alias: '', cloud_id: '', region_id: '', price_plan_level: 0, ha: false },
    mode: 'onChange',
  });
  const [cloudId, level, ha] = useWatch({ control, name: ['cloud_id', 'price_plan_level', 'ha'] });
  const cloud = clouds.data?.find((c) => c.id === cloudId);
  const planOffersHa = plans.data?.find((p) => p.level === level)?.limits.ha ?? false;

  // One configured cloud (or region) is chosen for the user; a plan without HA turns HA off.
  useEffect(() => {
    if (clouds.data?.length === 1 && !cloudId) setValue('cloud_id', clouds.data[0].id, { shouldValidate: true });
  }, [clouds.data, cloudId, setValue]);
  useEffect(() => {
    if (cloud?.regions.length === 1) setValue('region_id', cloud.regions[0].id, { shouldValidate: true });
  }, [cloud, setValue]);
  useEffect(() => {
    if (!planOffersHa && ha) setValue('ha', false);
  }, [planOffersHa, ha, setValue]);

  /**
   * The server's credit check for a paid plan, shown before sending (the same rule as the plan upgrade). A member
   * who may not read the billing overview is left to the server's answer.
   */
  const creditShortfall = async (form: z.output<typeof createForm>) => {
    const hourlyCharge = ((form.ha ? haPlans.data : plans.data) ?? []).find((p) => p.level === form.price_plan_level)?.basicChargeHourPrice ?? 0;
    if (hourlyCharge <= 0) return null;
    const billing = await fetchBillingOverview().catch(() => null);
    if (!billing) return null;
    return billingCovers(billing, edition.marketplace, hourlyCharge) ? null : { balance: billing.balance, hourlyCharge };
  };

  const submit = handleSubmit(async (form) => {
    setRefusal(null);
    const shortfall = await creditShortfall(form);
    if (shortfall) {
      openDialog((close) => <CreditWarningDialog creating balance={shortfall.balance} hourlyCharge={shortfall.hourlyCharge} onClose={close} />);
      return;
    }
    try {
      const created = await create.mutateAsync({
        regionId: form.region_id,
        appType: props.type,
        body: { alias: form.alias, cloud_id: form.cloud_id, price_plan_level: form.price_plan_level, ha: form.ha ? 1 : 0 },
      });
      props.onCreated(created);
    } catch (error) {
      setRefusal(translateMessage(isApiError(error) ? error.message : String(error)) || t('error.serviceUnavailable'));
    }
  });

  if (clouds.isLoading || plans.isLoading) return <Spin />;
  const shownPlans = (ha ? haPlans.data : plans.data) ?? [];
  return (
    <Form layout="vertical" onFinish={() => void submit()} style={{ maxWidth: 960 }}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="create-refusal" />}
      <Form.Item label={t('instances.field.type')}>
        <Segmented<AppTypeValue>
          value={props.type}
          onChange={props.onTypeChange}
          options={[
            { value: AppType.TSDB, label: t('instances.type.tsdb') },
            { value: AppType.TDASSET, label: t('instances.type.idmp') },
          ]}
        />
      </Form.Item>
      <IdmpNotice appType={props.type} style={{ marginBottom: 16 }} />
      <FormField
        control={control}
        name="cloud_id"
        label={t('instances.field.cloud')}
        required
        render={(f) => (
          <Select
            {...f}
            onChange={(v: string) => {
              f.onChange(v);
              setValue('region_id', '');
            }}
            placeholder={t('instances.create.chooseCloud')}
            options={(clouds.data ?? []).map((c) => ({ value: c.id, label: cloudLabel(c) }))}
            style={{ maxWidth: 320 }}
          />
        )}
      />
      <FormField
        control={control}
        name="region_id"
        label={t('instances.field.region')}
        required
        render={(f) => (
          <Select {...f} placeholder={t('instances.create.chooseRegion')} disabled={!cloud} options={(cloud?.regions ?? []).map((r) => ({ value: r.id, label: regionLabel(r) }))} style={{ maxWidth: 320 }} />
        )}
      />
      <Form.Item label={t('instances.field.plan')} required>
        <Controller control={control} name="price_plan_level" render={({ field }) => <PlanCards plans={shownPlans} value={field.value} onChange={field.onChange} />} />
      </Form.Item>
      <Form.Item label={t('instances.field.ha')} extra={planOffersHa ? t('instances.create.haHint') : t('instances.create.haUnavailable')}>
        <Controller control={control} name="ha" render={({ field }) => <Switch checked={field.value} onChange={field.onChange} disabled={!planOffersHa} aria-label={t('instances.field.ha')} />} />
      </Form.Item>
      <FormField control={control} name="alias" label={t('instances.field.alias')} required render={(f) => <Input {...f} maxLength={64} placeholder={t('instances.create.aliasPlaceholder')} style={{ maxWidth: 320 }} />} />
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('instances.create.submit')}
      </Button>
    </Form>
  );
}
