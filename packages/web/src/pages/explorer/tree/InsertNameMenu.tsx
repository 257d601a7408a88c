import { useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useColumns } from '../../../data/console/catalog';
import type { InstanceRef } from '../../../data/instances/control';
import { ref } from '../../../explorer-sql';

const NAME_KEY = 'name';
const COLUMN_KEY = 'column:';

/**
 * A tree item's context menu (right-click): put its name, or one of its columns' (read with DESCRIBE when the menu
 * first opens), into the open SQL editor at the cursor, as TDengine's explorer and QuestDB's schema tree do
 * (issue 13). Without `onInsert` the item has no menu.
 */
export function InsertNameMenu(props: { name: string; onInsert?: (text: string) => void; columnsOf?: { instance: InstanceRef; db: string; table: string }; children: ReactElement }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { columnsOf, onInsert } = props;
  const columns = useColumns(opened && columnsOf ? columnsOf.instance : null, columnsOf?.db ?? null, columnsOf?.table ?? null);
  if (!onInsert) return props.children;
  const columnItems: MenuProps['items'] = columns.data
    ? columns.data.map((c, i) => ({ key: `${COLUMN_KEY}${i}`, label: c.isTag ? t('console.builder.tagColumn', { name: c.name, type: c.type }) : `${c.name} (${c.type})` }))
    : [{ key: 'loading', label: t('common.loading'), disabled: true }];
  const items: MenuProps['items'] = [{ key: NAME_KEY, label: t('explorer.tree.insert') }, ...(columnsOf ? [{ key: 'columns', label: t('explorer.tree.insertColumn'), children: columnItems }] : [])];
  const insert: MenuProps['onClick'] = ({ key }) => {
    if (key === NAME_KEY) onInsert(props.name);
    const column = key.startsWith(COLUMN_KEY) ? columns.data?.[Number(key.slice(COLUMN_KEY.length))] : undefined;
    if (column) onInsert(ref(column.name));
  };
  return (
    <Dropdown trigger={['contextMenu']} onOpenChange={(open) => open && setOpened(true)} menu={{ items, onClick: insert }}>
      {props.children}
    </Dropdown>
  );
}
