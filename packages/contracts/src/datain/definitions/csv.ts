import type { DefinitionSource } from './common';
import { batchSize, bool, choice, file, integer, logLevel, str } from './common';

/** CSV files uploaded to the csvFiles area (file names follow csvFileNameRule, §5). */
export const csv: DefinitionSource = (t) => ({
  id: 'csv',
  type: 'csv://',
  name: t('CSV files', 'CSV 文件'),
  license_id: 'csv',
  description: t('Imports CSV files uploaded to the CSV files area.', '导入上传到 CSV 文件区的 CSV 文件。'),
  options: {},
  authentication: [],
  params: [file('files', t('Files', '文件'), { required: true, multiple: true })],
  groups: [
    {
      name: 'format',
      display: t('Format', '格式'),
      params: [
        bool('has_header', t('First line is a header', '首行为表头'), true),
        integer('skip', t('Lines to skip', '跳过行数'), { min: 0 }, { value: 0 }),
        choice('delimiter', t('Delimiter', '分隔符'), [{ value: ',', label: ',' }, { value: ';', label: ';' }], { value: ',' }),
        choice('quote', t('Quote', '引号'), [{ value: '"', label: '"' }, { value: "'", label: "'" }], { value: '"' }),
        str('comment', t('Comment prefix', '注释前缀'), { value: '#' }),
      ],
    },
  ],
  advanced: [batchSize(t, 100000, 1000), logLevel(t)],
});
