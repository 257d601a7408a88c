import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maskToken } from '../programming/snippets';
import { copyWithRealToken } from '../programming/copyText';

/**
 * An instance token: masked until revealed, copyable either way (the copy is always the real token). The reveal
 * state may be held by the caller (the programming page reveals its snippets with it).
 */
export function TokenField({ token, shown: heldShown, onShownChange }: { token: string; shown?: boolean; onShownChange?: (shown: boolean) => void }) {
  const { t } = useTranslation();
  const [ownShown, setOwnShown] = useState(false);
  const shown = heldShown ?? ownShown;
  const setShown = onShownChange ?? setOwnShown;
  return (
    <Space>
      <Typography.Text code copyable={{ text: token, tooltips: [t('instances.token.copy'), t('instances.token.copied')] }} data-testid="instance-token" onCopy={(e) => copyWithRealToken(e, token)}>
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
