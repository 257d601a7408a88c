import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentInstance } from '../../instances/useCurrentInstance';
import { DataInFrame } from '../DataInShell';
import { CsvFiles } from './CsvFiles';

/** /dataIn/csvFiles: the instance's CSV files area. The files live beside the engine, so it need not be running. */
export default function CsvFilesPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dataIn.noInstance')} />;
  return (
    <DataInFrame title={t('dataIn.nav.csvFiles')}>
      <CsvFiles instance={instance} />
    </DataInFrame>
  );
}
