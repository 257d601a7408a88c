import { Space } from 'antd';
import { Catalogue } from './Catalogue';
import { DataInShell } from './DataInShell';
import { TaskList } from './TaskList';

/** /dataIn: the connector catalogue and the instance's tasks. */
export default function DataInPage() {
  return (
    <DataInShell>
      {({ instance, definitions }) => (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <TaskList instance={instance} definitions={definitions} />
          <Catalogue definitions={definitions} />
        </Space>
      )}
    </DataInShell>
  );
}
