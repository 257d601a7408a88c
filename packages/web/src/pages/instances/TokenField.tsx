import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maskToken } from '../programming/snippets';

/** An instance token: masked until revealed, copyable either way (the copy is always the real token). */
export function TokenField({ token }: { token: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Space>
      <Typography.Text code copyable={{ text: token, tooltips: [t('instances.token.copy'), t('instances.token.copied')] }} data-testid="instance-token">
        {shown ? token : maskToken(token)}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        aria-label={shown ? t('instances.token.hide') : t('instances.token.reveal')}
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown(!shown)}
      />
    </Space>
  );
}
