import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE } from '../../../explorer-sql';

/** The true total of a paged list, and which part of it shows when it does not fit one page (issue 13 item 6). */
export function PageSpan({ page, shown, total, testId }: { page: number; shown: number; total: number; testId: string }) {
  const { t } = useTranslation();
  const from = (page - 1) * TABLE_PAGE_SIZE + 1;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {total > shown ? t('explorer.list.partOf', { from, to: from + shown - 1, total }) : t('explorer.list.all', { count: total })}
    </Typography.Text>
  );
}
