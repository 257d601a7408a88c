import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IssueList } from './IssueList';

/** /support/issues (§2: the list of support issues, shown after an issue is created), outside the console's frame. */
export default function SupportIssuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div>
      <Button type="link" style={{ paddingLeft: 0 }} onClick={() => void navigate('/')}>
        ← {t('menu.landing')}
      </Button>
      <IssueList />
    </div>
  );
}
