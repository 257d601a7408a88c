import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The filter box of one column (text contains, applied as typed over the rows held), in the column's drop-down. */
export function ColumnFilter({ column, value, onChange, close }: { column: string; value: string; onChange: (text: string) => void; close: () => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ padding: 8 }}>
      <Input
        size="small"
        autoFocus
        allowClear
        aria-label={t('console.result.filter', { column })}
        placeholder={t('console.result.filterPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={close}
        style={{ width: 200 }}
      />
      <Button
        size="small"
        onClick={() => {
          onChange('');
          close();
        }}
      >
        {t('console.result.filterReset')}
      </Button>
    </Space.Compact>
  );
}
