import { Button, Divider, Select, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../data/queryClient';
import { switchOrg } from '../../routes/rebuild';
import { useShell } from '../../routes/shell';
import { useBoot } from '../../state/boot';
import { Paths } from '../../routes/paths';
import { openCreateOrgDialog } from '../org/CreateOrgDialog';

/** Organizations drop the data of the previous one; the list itself, the user and dictionaries stay. */
const KEPT_QUERIES = new Set(['orgs', 'user', 'dict']);

export function OrgSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orgs = useBoot((b) => b.orgs);
  const { org, readOnly } = useShell();

  const onChange = async (orgId: string) => {
    queryClient.removeQueries({ predicate: (q) => !KEPT_QUERIES.has(String(q.queryKey[0])) });
    await switchOrg(orgId);
    navigate(Paths.ROOT);
  };

  return (
    <>
      <Select
        data-testid="org-switcher"
        aria-label={t('layout.org.label')}
        value={org?.orgId}
        placeholder={t('layout.org.none')}
        onChange={(v) => void onChange(v)}
        options={orgs.map((o) => ({ value: o.orgId, label: o.name }))}
        style={{ minWidth: 180 }}
        showSearch={{ optionFilterProp: 'label' }}
        popupRender={(menu) => (
          <>
            {menu}
            <Divider style={{ margin: '4px 0' }} />
            <Button type="text" block icon={<PlusOutlined />} onClick={openCreateOrgDialog}>
              {t('org.create.title')}
            </Button>
          </>
        )}
      />
      {readOnly && (
        <Tooltip title={t('layout.org.readOnly')}>
          <Tag color="orange">{org?.orgStatus}</Tag>
        </Tooltip>
      )}
    </>
  );
}
