import type { Datasets, Param } from '../types';
import type { Translate } from './common';
import { batchSize, batchTimeout, choice, file, integer, logLevel, param, rawDataKeepDays, str, timeLike, writeConcurrency } from './common';

/** The dataset category whose points are selected by pattern; it needs both table expressions (§5). */
export const OPC_DATA_POINTS_CATEGORY = 'data_points';
export const OPC_CSV_CATEGORY = 'csv_config';

/** OPC-UA and OPC-DA datasets: a CSV point file (§3 columns) or all points matching a pattern (§3 select-all-points). */
export function opcDatasets(t: Translate, driver: 'opcua' | 'opcda'): Datasets {
  return {
    display: t('Data points', '数据点位'),
    categories: [
      {
        key: OPC_CSV_CATEGORY,
        display: t('CSV point file', 'CSV 点位文件'),
        params: [file(OPC_CSV_CATEGORY, t('Point file', '点位文件'), { required: true })],
        download: { display: t('Download the template', '下载模板'), call: `/ds/in/point/file/template?driver=${driver}` },
      },
      {
        key: OPC_DATA_POINTS_CATEGORY,
        display: t('Select all points', '选择全部点位'),
        params: [
          str('root', t('Root node', '根节点')),
          str('namespaces', t('Namespaces', '命名空间'), { multiple: true }),
          str('pattern', t('Point pattern', '点位匹配模式'), { placeholder: '.*' }),
          str('super_table_expression', t('Super table expression', '超级表表达式'), { required: true, value: 'opc_{type}' }),
          str('child_table_expression', t('Child table expression', '子表表达式'), { required: true }),
          // The primary key column: which timestamp, under which name (one line in the form).
          param('table_primary_key_column', t('Primary key', '主键'), { type: 'compose' }, {
            params: [
              choice('table_primary_key', t('Timestamp', '时间戳'), [
                { value: 'original_ts', label: t('Original timestamp', '原始时间戳') },
                { value: 'received_ts', label: t('Received timestamp', '接收时间戳') },
              ], { value: 'original_ts' }),
              str('table_primary_key_alias', t('Column name', '列名'), { value: 'ts' }),
            ],
          }),
        ],
      },
    ],
  };
}

/** The §9 collect, update, batch and write settings both OPC connectors have. */
export function opcParams(t: Translate, collectIntervalDefault: number): Param[] {
  return [
    timeLike('duration', 'collect_interval', t('Collect interval', '采集间隔'), { min: 1, max: 60, value: collectIntervalDefault, unit: 's' }),
    choice('update_mode', t('Update mode', '更新模式'), [
      { value: 'none', label: t('None', '不更新') },
      { value: 'append', label: t('Append', '追加') },
      { value: 'update', label: t('Update', '更新') },
    ], { value: 'none' }),
    timeLike('duration', 'update_interval', t('Update interval', '更新间隔'), { min: 60, max: 2147483647, value: 600, unit: 's' }),
  ];
}

export const opcAdvanced = (t: Translate): Param[] => [
  batchSize(t, 10000, 1000),
  batchTimeout(t, { max: 60, unit: 's' }),
  writeConcurrency(t, 0, 128, 0),
  rawDataKeepDays(t),
  integer('debounce', t('Debounce', '去抖'), { min: 0 }, { value: 0, hidden: true }),
  logLevel(t),
];
