import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { useColumns } from '../../../data/console/catalog';
import { failureText, type SqlTarget } from '../../../data/sql/run';
import { catalogCompletion } from '../console/completion';
import { readHistory, type HistoryRecord } from '../console/history';
import { ResultsView } from '../console/ResultsView';
import { RunCancelButtons } from '../console/RunCancelButtons';
import { SqlEditor } from '../console/SqlEditor';
import { useConsoleRun } from '../console/useConsoleRun';
import { previewSql } from './preview';
import { PreviewRangePicker } from './PreviewRangePicker';
import type { PreviewRange, PreviewTab as PreviewTabState } from './tabs';

export interface PreviewTabProps {
  instance: Instance;
  /** Where the statements go (the instance, or a shared database through its access code). */
  target: SqlTarget;
  tab: PreviewTabState;
  onChange: (patch: { text?: string; range?: PreviewRange }) => void;
}

/**
 * A table's newest rows (issue 13, data preview): the range picker writes the statement (newest first on the
 * table's timestamp column, read from DESCRIBE) and runs it; the statement is shown and can be edited and run again.
 * It runs once when the tab opens, and results are paged as the console pages them.
 */
export function PreviewTab({ instance, target, tab, onChange }: PreviewTabProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const db = tab.database ?? '';
  const columns = useColumns(target, db, tab.table);
  const [, setHistory] = useState<HistoryRecord[]>(() => readHistory());
  const { outcomes, running, cancelled, run, cancel } = useConsoleRun(instance, db, setHistory, undefined, target === instance ? undefined : target);
  const completion = useMemo(() => catalogCompletion({ client, instance: target, currentDb: () => db }), [client, target, db]);
  const tsColumn = columns.data?.find((c) => !c.isTag)?.name;

  const ran = useRef(false);
  const runText = useCallback((text: string) => {
    ran.current = true;
    void run(text);
  }, [run]);
  // The first time the columns are known: the statement for the tab's range, run (a reload shows rows again).
  useEffect(() => {
    if (ran.current || !tsColumn) return;
    const text = tab.text || previewSql(db, tab.table, tsColumn, tab.range);
    if (text !== tab.text) onChange({ text });
    runText(text);
  }, [tsColumn, tab.text, tab.table, tab.range, db, onChange, runText]);

  const pick = (range: PreviewRange) => {
    if (!tsColumn) return;
    const text = previewSql(db, tab.table, tsColumn, range);
    onChange({ range, text });
    runText(text);
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="preview-tab">
      <Space wrap>
        <Typography.Text strong>{t('explorer.workspace.preview.of', { db, table: tab.table })}</Typography.Text>
        <PreviewRangePicker value={tab.range} onChange={pick} />
      </Space>
      {columns.error && <Alert type="error" showIcon title={failureText(columns.error)} />}
      <SqlEditor value={tab.text} onChange={(text) => onChange({ text })} onRun={() => tab.text.trim() && runText(tab.text)} completion={completion} placeholder={t('console.placeholder')} ariaLabel={t('console.editorLabel')} />
      <Space wrap>
        <RunCancelButtons onRun={() => runText(tab.text)} onCancel={cancel} running={running} empty={!tab.text.trim()} />
      </Space>
      <ResultsView outcomes={outcomes} running={running} cancelled={cancelled} instance={target === instance ? instance : null} />
    </Space>
  );
}
