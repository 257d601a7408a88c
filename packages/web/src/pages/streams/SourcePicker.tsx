import { AutoComplete, Col, Row } from 'antd';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STREAM_DB_PATTERN, type StreamCreateRequest } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { useDbList } from '../../data/explorer/dblist';
import { useStableNames } from '../../data/explorer/stables';
import type { InstanceRef } from '../../data/instances/control';

/** Source database and super table, offered from what the member may see; any table name may be typed too. */
export function SourcePicker({ instance, control, db }: { instance: InstanceRef; control: Control<StreamCreateRequest>; db: string }) {
  const { t } = useTranslation();
  const dbs = useDbList(instance);
  const dbOptions = (dbs.data ?? []).map((d) => ({ value: d.databaseName }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField control={control} name="source_db" label={t('streams.form.sourceDb')} required render={(f) => <AutoComplete {...f} options={dbOptions} placeholder="power" />} />
      </Col>
      <Col xs={24} md={12}>
        {STREAM_DB_PATTERN.test(db) ? (
          <StableField instance={instance} control={control} db={db} />
        ) : (
          <FormField control={control} name="source_table" label={t('streams.form.sourceTable')} required render={(f) => <AutoComplete {...f} options={[]} placeholder="meters" />} />
        )}
      </Col>
    </Row>
  );
}

function StableField({ instance, control, db }: { instance: InstanceRef; control: Control<StreamCreateRequest>; db: string }) {
  const { t } = useTranslation();
  const names = useStableNames(instance, db);
  const options = (names.data ?? []).map((n) => ({ value: n }));
  return <FormField control={control} name="source_table" label={t('streams.form.sourceTable')} required render={(f) => <AutoComplete {...f} options={options} placeholder="meters" />} />;
}
