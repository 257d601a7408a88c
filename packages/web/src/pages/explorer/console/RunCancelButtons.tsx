import { Button, Tooltip } from 'antd';
import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Run (Ctrl/Cmd+Enter in the editor, said in the tooltip) and Cancel of a statement editor: the console's and the preview's. */
export function RunCancelButtons({ onRun, onCancel, running, empty }: { onRun: () => void; onCancel: () => void; running: boolean; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('console.runHint')}>
        <Button type="primary" icon={<CaretRightOutlined />} onClick={onRun} loading={running} disabled={empty}>
          {t('console.run')}
        </Button>
      </Tooltip>
      <Button icon={<StopOutlined />} onClick={onCancel} disabled={!running}>
        {t('console.cancel')}
      </Button>
    </>
  );
}
