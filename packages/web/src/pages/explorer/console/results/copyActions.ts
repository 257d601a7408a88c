import { useTranslation } from 'react-i18next';
import type { SqlColumnMeta } from '@tscloud/contracts';
import { notifier } from '../../../../components/feedback/notifier';
import { copyText } from '../../../programming/copyText';
import { rowJson } from './copyRow';

/** Copy a result's row (exact JSON) or a cell (its shown text), saying whether the browser allowed it. */
export function useResultCopy() {
  const { t } = useTranslation();
  const copy = async (text: string, done: string) => {
    if (await copyText(text)) notifier.success(done);
    else notifier.warning(t('console.result.copyFailed'));
  };
  return {
    copyRow: (columns: readonly SqlColumnMeta[], row: readonly unknown[]) => copy(rowJson(columns, row), t('console.result.copiedRow')),
    copyCell: (text: string) => copy(text, t('console.result.copiedCell')),
  };
}
