import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tab's title; double-click renames it in place (Enter or leaving the field keeps it, Escape drops it). */
export function TabTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null) {
    return (
      <span onDoubleClick={() => setEditing(title)} title={t('explorer.workspace.renameHint')}>
        {title}
      </span>
    );
  }
  const done = () => {
    const next = editing.trim();
    if (next && next !== title) onRename(next);
    setEditing(null);
  };
  return (
    <Input
      size="small"
      autoFocus
      aria-label={t('explorer.workspace.rename')}
      value={editing}
      maxLength={60}
      style={{ width: 140 }}
      onChange={(e) => setEditing(e.target.value)}
      onPressEnter={done}
      onBlur={done}
      onKeyDown={(e) => {
        // The tab strip would take arrows and Space as its own keys.
        e.stopPropagation();
        if (e.key === 'Escape') setEditing(null);
      }}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
