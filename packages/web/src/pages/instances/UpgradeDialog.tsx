import { useState } from 'react';
import { Alert, Form, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance, PricePlan } from '@tscloud/contracts';
import { isApiError } from '../../api/errors';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { edition } from '../../config/edition';
import { usePricePlans } from '../../data/instances/pricePlans';
import { fetchBillingOverview, useUpgradeInstance } from '../../data/instances/upgrade';
import { currentLanguage } from '../../i18n';
import { PlanCards } from './PlanCards';
import { hourlyPrice } from './planDisplay';
import { CreditWarningDialog } from './UpgradeNotices';
import { upgradeStep } from './upgradeRules';

/**
 * The plan dialog (§2: 1200px, centred, titled 'Price plan' or 'Plan' per edition; §5 plan upgrade): the instance's
 * plan and higher ones, and the HA choice. Confirming: nothing changed closes; a change runs the credit check (the
 * billing warning dialog when it fails), then asks for confirmation and upgrades; on success a message shows, the
 * dialog closes and the list reloads. A refusal from the server is shown in the dialog.
 */
export function UpgradeDialog({ instance, onClose }: { instance: Instance; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const current = { level: instance.app_price_plan_level, ha: instance.ha };
  const [level, setLevel] = useState<number>(current.level);
  const [ha, setHa] = useState<0 | 1>(instance.ha);
  const [confirming, setConfirming] = useState<PricePlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const plans = usePricePlans(ha);
  const upgrade = useUpgradeInstance();

  // Only the current plan and higher ones are offered (§5: upgrade).
  const shown = (plans.data ?? []).filter((p) => p.level >= current.level);
  const chosenOffersHa = plans.data?.find((p) => p.level === level)?.limits.ha ?? (ha === 1);
  const pick = (next: number) => {
    setLevel(next);
    setConfirming(null);
    setProblem(null);
  };

  const next = async () => {
    setProblem(null);
    if (confirming) {
      try {
        await upgrade.mutateAsync({ regionId: instance.region_id, body: { app_id: instance.id, cluster_id: instance.name, price_plan_id: confirming.id, high_availability: ha } });
        notifier.success(t('instances.upgrade.done'));
        onClose();
      } catch (error) {
        setConfirming(null);
        setProblem(isApiError(error) ? error.message : String(error));
      }
      return;
    }
    const chosen = { level, ha };
    if (chosen.level === current.level && chosen.ha === current.ha) return onClose();
    setChecking(true);
    try {
      const billing = await fetchBillingOverview();
      const step = upgradeStep(current, chosen, plans.data ?? [], billing, edition.marketplace);
      if (step.kind === 'unchanged') onClose();
      else if (step.kind === 'notUpward') setProblem(t('error.planNotUpward'));
      else if (step.kind === 'insufficientCredit') openDialog((close) => <CreditWarningDialog balance={step.balance} hourlyCharge={step.hourlyCharge} onClose={close} />);
      else setConfirming(step.plan);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <AppModal
      open
      width={1200}
      title={t(edition.planDialogTitleKey)}
      okText={confirming ? t('instances.upgrade.confirmOk') : t('instances.action.upgrade')}
      cancelText={t('common.cancel')}
      confirmLoading={checking || upgrade.isPending}
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
              setConfirming(null);
              setProblem(null);
            }}
          />
        </Form.Item>
        {confirming && (
          <Alert
            type="info"
            showIcon
            data-testid="upgrade-confirm"
            title={t('instances.upgrade.confirm', {
              alias: instance.alias,
              plan: t(`instances.plan.${confirming.level}` as 'instances.plan.0', { defaultValue: confirming.planNameShow }),
              price: hourlyPrice(confirming, language),
            })}
          />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="upgrade-problem" />}
      </Space>
    </AppModal>
  );
}
