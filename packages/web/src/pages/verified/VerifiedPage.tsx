import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';

/** /verified: reachable without the user-state check (rule 4). */
export default function VerifiedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('verified.title')}
      subTitle={t('verified.body')}
      extra={
        <Button type="primary" onClick={() => navigate(Paths.ROOT)}>
          {t('verified.continue')}
        </Button>
      }
    />
  );
}
