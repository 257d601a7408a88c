import { Button, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routes/table';
import { useShell } from '../../routes/shell';
import { Paths } from '../../routes/paths';

/** The page of a route whose screen belongs to a later issue (listed in docs/web.md). */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { firstMenuPath } = useShell();
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const page = route ? t(route.labelKey) : pathname;
  const home = firstMenuPath && firstMenuPath !== pathname ? firstMenuPath : Paths.ROOT;
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t('common.comingSoon.title')}
      subTitle={t('common.comingSoon.body', { page })}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {t('common.comingSoon.home')}
        </Button>
      }
    />
  );
}
