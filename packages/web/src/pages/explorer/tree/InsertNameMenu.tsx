import type { ReactElement } from 'react';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A tree item's context menu (right-click): put its name into the open SQL editor at the cursor, as TDengine's
 * explorer and QuestDB's schema tree do (issue 13). Without `onInsert` the item has no menu.
 */
export function InsertNameMenu({ onInsert, children }: { onInsert?: () => void; children: ReactElement }) {
  const { t } = useTranslation();
  if (!onInsert) return children;
  return (
    <Dropdown trigger={['contextMenu']} menu={{ items: [{ key: 'insert', label: t('explorer.tree.insert') }], onClick: onInsert }}>
      {children}
    </Dropdown>
  );
}
