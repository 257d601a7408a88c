import { useState } from 'react';
import { Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS, TICKET_FILES_DEFAULT_COUNT, TICKET_FILE_MAX_BYTES, type TicketUpload } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { translateMessage } from '../../../i18n';
import { uploadTicketFile } from '../../../data/support/files';
import { useTicketLimits } from '../../../data/support/limits';
import { megabytes, uploadRefusal } from './uploadRules';

/**
 * Drag-and-drop attachments for an issue, a comment or a desk reply. Each file is checked against §5's limits before
 * it is sent (the spec's message, nothing sent), uploaded at once, and its id handed to the form; removing it from the
 * list leaves it out of what the form sends.
 */
export function AttachmentUploader(props: { value?: string[]; onChange?: (ids: string[]) => void; desk?: boolean }) {
  const { t } = useTranslation();
  const limits = useTicketLimits();
  const maxFiles = limits.data?.max_files ?? TICKET_FILES_DEFAULT_COUNT;
  const maxBytes = limits.data?.max_file_bytes ?? TICKET_FILE_MAX_BYTES;
  const [files, setFiles] = useState<UploadFile<TicketUpload>[]>([]);
  const emit = (list: UploadFile<TicketUpload>[]) => {
    setFiles(list);
    props.onChange?.(list.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.id));
  };
  const chosen = files.filter((f) => f.status !== 'error').length;
  return (
    <Upload.Dragger
      multiple
      fileList={files}
      data-testid="attachment-uploader"
      beforeUpload={(file) => {
        const refusal = uploadRefusal(file, chosen, { maxFiles, maxBytes });
        if (!refusal) return true;
        notifier.error(translateMessage(refusal.key).replace('{0}', String(refusal.count ?? '')), ERROR_TOAST_SECONDS, true);
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadTicketFile(file as File, props.desk).then(
          (stored) => onSuccess?.(stored),
          (error: Error) => onError?.(error),
        );
      }}
      onChange={({ fileList }) => emit(fileList)}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('support.upload.drop')}</p>
      <p className="ant-upload-hint">{t('support.upload.limits', { count: maxFiles, size: megabytes(maxBytes) })}</p>
    </Upload.Dragger>
  );
}
