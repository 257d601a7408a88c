import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { refreshCatalog } from '../../../data/console/catalog';
import { saveRecord, type HistoryRecord } from './history';
import type { SqlTarget } from '../../../data/sql/run';
import { changesCatalog, runAll, sendTo, type StatementOutcome } from './runner';

export function historyRecord(instance: Instance, o: StatementOutcome, now = Date.now()): HistoryRecord {
  return {
    createdAt: now,
    cluster: instance.alias || instance.name,
    database: o.database ?? '',
    sql: o.sql,
    type: o.ok ? 1 : 0,
    rows: o.ok ? o.total : 0,
    message: o.error ?? '',
    appId: instance.id,
    totalTime: o.timings.total,
    executTime: o.timings.execution,
    networkTime: o.timings.network,
  };
}

/**
 * The console's run state: the outcomes of the last run, whether one is running, and cancel. Statements run in the
 * tab's current database `database`; a successful `USE db` makes db current (`onDatabase`, the picker shows it),
 * as TDengine's shell does. Each statement is written to the local history; a failure is shown as a persistent
 * message (§8: duration 0, closed by the user). `target`: where the statements go when not the instance itself (a
 * shared or platform database read through its access code, issue 13 item 7).
 */
export function useConsoleRun(
  instance: Instance | null,
  database: string | null,
  onHistory: (list: HistoryRecord[]) => void,
  onDatabase?: (db: string) => void,
  target?: SqlTarget,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [outcomes, setOutcomes] = useState<StatementOutcome[]>([]);
  const [running, setRunning] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (text: string) => {
      if (!instance || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setOutcomes([]);
      setCancelled(false);
      setRunning(true);
      let catalogChanged = false;
      try {
        const onOutcome = (o: StatementOutcome) => {
          setOutcomes((list) => [...list, o]);
          onHistory(saveRecord(historyRecord(instance, o)));
          if (o.used !== undefined) onDatabase?.(o.used);
          if (!o.ok) notifier.error(o.error ?? t('error.sqlServiceUnavailable'), 0, true);
          if (o.ok && changesCatalog(o.sql)) catalogChanged = true;
        };
        await runAll(sendTo(target ?? instance), text, abort.signal, t('error.sqlServiceUnavailable'), onOutcome, database);
      } catch {
        if (abort.signal.aborted) setCancelled(true);
      } finally {
        controller.current = null;
        setRunning(false);
        if (catalogChanged) void refreshCatalog(client, (target ?? instance).id);
      }
    },
    [instance, target, database, onHistory, onDatabase, client, t],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { outcomes, running, cancelled, run, cancel };
}
