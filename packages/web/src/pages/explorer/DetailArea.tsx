import { useState } from 'react';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import type { ExplorerInstance, Selection } from './context';
import { DatabasePanel } from './database/DatabasePanel';
import { StableDialog } from './stable/StableDialog';
import { StablePanel } from './stable/StablePanel';
import { TablePanel } from './table/TablePanel';
import { TablesList } from './table/TablesList';
import { ViewsPanel } from './views/ViewsPanel';
import { PrivilegeDialog } from './privileges/PrivilegeDialog';
import { DemoDialog } from './demo/DemoDialog';
import { MartPublishDialog } from './mart/MartPublishDialog';

/** The right side of the explorer: the panel of what is selected in the tree, with its actions. */
export function DetailArea(props: {
  instance: ExplorerInstance;
  selection: Selection;
  /** The member's privileges on the selected database (from the tree item). */
  privileges: string[];
  readOnly: boolean;
  databaseCount: number;
  onSelect: (s: Selection | null) => void;
  onStablesChanged: () => void;
}) {
  const { t } = useTranslation();
  const { instance, selection: s } = props;
  const [dialog, setDialog] = useState<'stable' | 'dbPrivileges' | 'stablePrivileges' | 'demo' | 'publish' | null>(null);
  const canWrite = !props.readOnly && props.privileges.includes(Privilege.DB_WRITE);
  // On this database (a grant on it or wider), as the server checks it; demo data goes into this database (its
  // super table and child tables), so writing to it is enough.
  const canManagePrivileges = !props.readOnly && props.privileges.includes(Privilege.DB_PRIVILEGE_MANAGE);
  const canLoadDemo = canWrite;
  if (s.kind === 'mart') return null;
  const db = s.db;
  // Moving within a shared or platform database stays in it.
  const go = (next: Selection | null) => props.onSelect(next && next.kind !== 'mart' && s.source ? { ...next, source: s.source } : next);
  const close = () => setDialog(null);

  let panel;
  if (s.kind === 'database') {
    panel = (
      <DatabasePanel
        instance={instance}
        db={db}
        privileges={props.readOnly ? [] : props.privileges}
        databaseCount={props.databaseCount}
        onDropped={() => go(null)}
        extra={
          <>
            {canWrite && <Button onClick={() => setDialog('stable')} data-testid="stable-create">{t('explorer.stable.create')}</Button>}
            {canManagePrivileges && <Button onClick={() => setDialog('dbPrivileges')}>{t('explorer.action.privileges')}</Button>}
            {canLoadDemo && <Button onClick={() => setDialog('demo')}>{t('explorer.demo.title')}</Button>}
            {canManagePrivileges && <Button onClick={() => setDialog('publish')}>{t('explorer.mart.publish')}</Button>}
          </>
        }
      />
    );
  } else if (s.kind === 'stable') {
    panel = (
      <StablePanel
        key={`${db}.${s.name}`}
        instance={instance}
        db={db}
        name={s.name}
        canWrite={canWrite}
        onDropped={() => {
          props.onStablesChanged();
          go({ kind: 'database', db });
        }}
        onOpenTable={(name) => go({ kind: 'table', db, name })}
        extra={canManagePrivileges && <Button onClick={() => setDialog('stablePrivileges')}>{t('explorer.action.privileges')}</Button>}
      />
    );
  } else if (s.kind === 'tables') {
    panel = (
      <Card title={`${db}: ${t('explorer.tree.tables')}`}>
        <TablesList instance={instance} db={db} canWrite={canWrite} onOpen={(name) => go({ kind: 'table', db, name })} />
      </Card>
    );
  } else if (s.kind === 'table') {
    panel = <TablePanel key={`${db}.${s.name}`} instance={instance} db={db} name={s.name} canWrite={canWrite} onDropped={() => go({ kind: 'tables', db })} />;
  } else {
    panel = <ViewsPanel instance={instance} db={db} canWrite={canWrite} />;
  }

  return (
    <>
      {panel}
      {dialog === 'stable' && <StableDialog instance={instance} db={db} onClose={close} onDone={props.onStablesChanged} />}
      {dialog === 'dbPrivileges' && <PrivilegeDialog instance={instance} target={{ kind: 'database', db }} onClose={close} />}
      {dialog === 'stablePrivileges' && s.kind === 'stable' && <PrivilegeDialog instance={instance} target={{ kind: 'stable', db, stable: s.name }} onClose={close} />}
      {dialog === 'demo' && (
        <DemoDialog
          instance={instance}
          db={db}
          onClose={close}
          onOpenStable={(database, name) => {
            props.onStablesChanged();
            go({ kind: 'stable', db: database, name });
          }}
        />
      )}
      {dialog === 'publish' && <MartPublishDialog instance={instance} db={db} onClose={close} />}
    </>
  );
}
