import type { CSSProperties } from 'react';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EnterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@tscloud/contracts';
import { firstLine } from './savedTree';

/**
 * Text and actions are two flex items: the text shrinks (with an ellipsis) and the actions wrap below it when the
 * panel is too narrow for both, so they never cover it (issue 13: the old links overlapped the SQL).
 */
const rowStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8, rowGap: 2, padding: '4px 0' };
const textStyle: CSSProperties = { flex: '1 1 140px', minWidth: 0, overflow: 'hidden' };
const lineStyle: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
const actionsStyle: CSSProperties = { flex: '0 0 auto', marginLeft: 'auto', display: 'flex' };
const sqlTooltipStyle: CSSProperties = { margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' };

export interface SavedQueryEntryProps {
  query: Favorite;
  /** Shared lists say who saved each. */
  showCreator: boolean;
  /** The organization is read-only, or the caller may not change it: Open only. */
  changeable: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One saved query of the panel: its name, its SQL's first line (the whole SQL in a tooltip) and its actions. */
export function SavedQueryEntry({ query, showCreator, changeable, onOpen, onEdit, onDelete }: SavedQueryEntryProps) {
  const { t } = useTranslation();
  return (
    <div style={rowStyle} data-testid="saved-query">
      <div style={textStyle} data-testid="saved-query-text">
        <Typography.Text strong style={lineStyle} title={query.name}>
          {query.name}
        </Typography.Text>
        <Tooltip title={<pre style={sqlTooltipStyle}>{query.sql}</pre>} placement="left">
          <Typography.Text type="secondary" style={{ ...lineStyle, fontFamily: 'monospace', fontSize: 12 }} data-testid="saved-query-sql">
            {firstLine(query.sql)}
          </Typography.Text>
        </Tooltip>
        {showCreator && (
          <Typography.Text type="secondary" style={{ ...lineStyle, fontSize: 12 }}>
            {t('console.favorites.by', { creator: query.creator })}
          </Typography.Text>
        )}
      </div>
      <div style={actionsStyle} data-testid="saved-query-actions">
        <Tooltip title={t('console.saved.open')}>
          <Button type="text" size="small" icon={<EnterOutlined />} aria-label={t('console.saved.open')} onClick={onOpen} />
        </Tooltip>
        {changeable && (
          <>
            <Tooltip title={t('console.saved.rename')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('console.saved.rename')} onClick={onEdit} />
            </Tooltip>
            <Popconfirm title={t('console.saved.deleteConfirm', { name: query.name })} okText={t('console.saved.delete')} cancelText={t('common.cancel')} onConfirm={onDelete}>
              <Tooltip title={t('console.saved.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('console.saved.delete')} />
              </Tooltip>
            </Popconfirm>
          </>
        )}
      </div>
    </div>
  );
}
