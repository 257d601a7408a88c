import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectCurrentInstance } from '../instances/selectInstance';
import { useShell } from '../../routes/shell';
import { useBoot } from '../../state/boot';
import { Paths } from '../../routes/paths';

/** The current instance (remembered per organization); instance screens follow it. */
export function InstanceSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const instances = useBoot((b) => b.instances);
  const { org, instance } = useShell();
  if (instances.length === 0) return null;

  const onChange = async (instanceId: string) => {
    const chosen = instances.find((i) => i.id === instanceId);
    if (org && chosen) await selectCurrentInstance(org.orgId, chosen);
    navigate(Paths.ROOT);
  };

  return (
    <Select
      aria-label={t('layout.instance.label')}
      value={instance?.id}
      placeholder={t('layout.instance.none')}
      onChange={(v) => void onChange(v)}
      options={instances.map((i) => ({ value: i.id, label: i.alias || i.name }))}
      style={{ minWidth: 160 }}
    />
  );
}
