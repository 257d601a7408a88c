import { Button, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '@tscloud/contracts';
import { formatSize } from '../../../config/format';
import { saveFile } from '../../../data/activity/exportCsv';
import { downloadTicketFile } from '../../../data/support/files';

/**
 * An issue's or a comment's files. A download is fetched with the session's headers (the organization travels in a
 * header a plain link cannot send) and saved under its name; the server sends it as an attachment whatever it holds.
 */
export function AttachmentList({ files, desk = false }: { files: TicketAttachment[]; desk?: boolean }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Space wrap size={4} data-testid="attachments">
      {files.map((file) => (
        <Button
          key={file.id}
          size="small"
          icon={<PaperClipOutlined />}
          aria-label={t('support.attachment.download', { name: file.name })}
          onClick={() => void downloadTicketFile(file.id, desk).then((blob) => saveFile(blob, file.name))}
        >
          {file.name} · {formatSize(file.size)}
        </Button>
      ))}
    </Space>
  );
}
