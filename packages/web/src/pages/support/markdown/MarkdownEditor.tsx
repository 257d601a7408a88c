import { Input, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKET_MARKDOWN_MAX } from '@tscloud/contracts';
import { Markdown } from './Markdown';

/**
 * A markdown field with a preview that renders exactly as the thread will (Markdown.tsx). Controlled, so a form keeps
 * what was typed whatever the server answers.
 */
export function MarkdownEditor(props: { id?: string; value?: string; onChange?: (value: string) => void; onBlur?: () => void; rows?: number; placeholder?: string }) {
  const { t } = useTranslation();
  const value = props.value ?? '';
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'write',
          label: t('support.editor.write'),
          children: (
            <>
              <Input.TextArea
                id={props.id}
                value={value}
                onChange={(e) => props.onChange?.(e.target.value)}
                onBlur={props.onBlur}
                rows={props.rows ?? 6}
                maxLength={TICKET_MARKDOWN_MAX}
                showCount
                placeholder={props.placeholder}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('support.editor.hint')}
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'preview',
          label: t('support.editor.preview'),
          children: value.trim() ? <Markdown text={value} /> : <Typography.Text type="secondary">{t('support.editor.empty')}</Typography.Text>,
        },
      ]}
    />
  );
}
