import { useState } from 'react';
import { Input, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A tab's title; double-click renames it (Enter or leaving the field keeps it, Escape drops it). The field is in a
 * popover, outside the tab: the tab strip moves focus to the tab itself when something inside it is focused.
 */
export function TabTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => {
    const next = editing?.trim();
    if (next && next !== title) onRename(next);
    setEditing(null);
  };
  return (
    <Popover
      open={editing !== null}
      destroyOnHidden
      content={
        <Input
          size="small"
          autoFocus
          aria-label={t('explorer.workspace.rename')}
          value={editing ?? ''}
          maxLength={60}
          style={{ width: 180 }}
          onChange={(e) => setEditing(e.target.value)}
          onPressEnter={done}
          onBlur={done}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
        />
      }
    >
      <span onDoubleClick={() => setEditing(title)} title={t('explorer.workspace.renameHint')}>
        {title}
      </span>
    </Popover>
  );
}
