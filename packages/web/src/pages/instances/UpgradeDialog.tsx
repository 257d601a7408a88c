import { useState } from 'react';
import { Alert, Form, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetricType, translate, type Instance, type InstanceAddOns } from '@tscloud/contracts';
import { isApiError } from '../../api/errors';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { edition } from '../../config/edition';
import { usePricePlans } from '../../data/instances/pricePlans';
import { fetchBillingOverview, useUpgradeInstance } from '../../data/instances/upgrade';
import { useAddMetrics } from '../../data/instances/addMetrics';
import { currentLanguage } from '../../i18n';
import { PlanCards } from './PlanCards';
import { hourlyPrice } from './planDisplay';
import { CreditWarningDialog } from './UpgradeNotices';
import { addOnsOfInstance, upgradeStep, type UpgradeStep } from './upgradeRules';
import { AddOnFields } from './AddOnFields';

type Confirming = Extract<UpgradeStep, { kind: 'confirm' | 'confirmMetrics' }>;

/**
 * The plan dialog (§2: 1200px, centred, titled 'Price plan' or 'Plan' per edition; §5 plan upgrade): the instance's
 * plan and higher ones, storage and connectors, and the HA choice. Confirming: nothing changed closes; only storage or
 * connectors changed asks for confirmation and adds them; a plan or HA change runs the credit check (the billing
 * warning dialog when it fails), then asks for confirmation and upgrades; on success a message shows, the dialog
 * closes and the list reloads. A broken add-on rule, or a refusal from the server, is shown in the dialog.
 */
export function UpgradeDialog({ instance, onClose }: { instance: Instance; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const current = { level: instance.app_price_plan_level, ha: instance.ha, addons: addOnsOfInstance(instance) };
  const [level, setLevel] = useState<number>(current.level);
  const [ha, setHa] = useState<0 | 1>(instance.ha);
  const [addons, setAddOns] = useState<InstanceAddOns>(current.addons);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const plans = usePricePlans(ha);
  const upgrade = useUpgradeInstance();
  const addMetrics = useAddMetrics();

  // Only the current plan and higher ones are offered (§5: upgrade).
  const shown = (plans.data ?? []).filter((p) => p.level >= current.level);
  const chosenOffersHa = plans.data?.find((p) => p.level === level)?.limits.ha ?? (ha === 1);
  const changed = () => {
    setConfirming(null);
    setProblem(null);
  };
  const pick = (next: number) => {
    setLevel(next);
    changed();
  };

  const next = async () => {
    setProblem(null);
    if (confirming) {
      try {
        const regionId = instance.region_id;
        if (confirming.kind === 'confirmMetrics') {
          await addMetrics.mutateAsync({ regionId, body: { app_id: instance.id, additional_metrics: confirming.metrics } });
          notifier.success(t('instances.upgrade.metricsDone'));
        } else {
          const body = { app_id: instance.id, cluster_id: instance.name, price_plan_id: confirming.plan.id, high_availability: ha, additional_metrics: confirming.metrics };
          await upgrade.mutateAsync({ regionId, body });
          notifier.success(t('instances.upgrade.done'));
        }
        onClose();
      } catch (error) {
        setConfirming(null);
        setProblem(isApiError(error) ? error.message : String(error));
      }
      return;
    }
    const chosen = { level, ha, addons };
    setChecking(true);
    try {
      // The balance is read only when the credit check needs it (a plan or HA change).
      const planChanged = chosen.level !== current.level || chosen.ha !== current.ha;
      const billing = planChanged ? await fetchBillingOverview() : { balance: 0, credit_card: false, marketplace: false };
      const step = upgradeStep(current, chosen, plans.data ?? [], billing, edition.marketplace);
      if (step.kind === 'unchanged') onClose();
      else if (step.kind === 'notUpward') setProblem(t('error.planNotUpward'));
      else if (step.kind === 'addOnProblem') setProblem(translate(step.problem.key, language, ...step.problem.args));
      else if (step.kind === 'insufficientCredit') openDialog((close) => <CreditWarningDialog balance={step.balance} hourlyCharge={step.hourlyCharge} onClose={close} />);
      else setConfirming(step);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };

  const confirmText = (step: Confirming): string => {
    if (step.kind === 'confirm') {
      return t('instances.upgrade.confirm', {
        alias: instance.alias,
        plan: t(`instances.plan.${step.plan.level}` as 'instances.plan.0', { defaultValue: step.plan.planNameShow }),
        price: hourlyPrice(step.plan, language),
      });
    }
    const added = step.metrics.filter((m) => m.metric_type === MetricType.ADDITIONAL_CONNECTOR).map((m) => m.value);
    return t('instances.upgrade.confirmMetrics', {
      alias: instance.alias,
      storage: addons.storageGb,
      connectors: added.length > 0 ? added.join(', ') : t('instances.upgrade.noConnectors'),
    });
  };

  return (
    <AppModal
      open
      width={1200}
      title={t(edition.planDialogTitleKey)}
      okText={confirming ? t('instances.upgrade.confirmOk') : t('instances.action.upgrade')}
      cancelText={t('common.cancel')}
      confirmLoading={checking || upgrade.isPending || addMetrics.isPending}
      onOk={() => void next()}
      onCancel={onClose}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>
          {t('instances.upgrade.current', { alias: instance.alias, plan: t(`instances.plan.${current.level}` as 'instances.plan.0') })}
          {current.ha === 1 ? ` · ${t('instances.field.ha')}` : ''}
        </Typography.Text>
        {plans.isLoading ? <Spin /> : <PlanCards plans={shown} value={level} onChange={pick} />}
        {plans.isError && <Alert type="error" showIcon title={isApiError(plans.error) ? plans.error.message : String(plans.error)} />}
        <Form.Item label={t('instances.field.ha')} extra={chosenOffersHa ? t('instances.create.haHint') : t('instances.create.haUnavailable')} style={{ marginBottom: 0 }}>
          <Switch
            checked={ha === 1}
            // HA cannot be turned off again (only upgrades), nor on for a plan without it.
            disabled={current.ha === 1 || (!chosenOffersHa && ha === 0)}
            onChange={(on) => {
              setHa(on ? 1 : 0);
              changed();
            }}
          />
        </Form.Item>
        <AddOnFields
          plan={plans.data?.find((p) => p.level === level)}
          current={current.addons}
          value={addons}
          onChange={(next) => {
            setAddOns(next);
            changed();
          }}
        />
        {confirming && (
          <Alert type="info" showIcon data-testid="upgrade-confirm" title={confirmText(confirming)} />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="upgrade-problem" />}
      </Space>
    </AppModal>
  );
}
