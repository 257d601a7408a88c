import type { ConnectorId, Language } from '@tscloud/contracts';

/**
 * Hand-written guides of the sources whose tasks run today (mqtt, postgres, mysql, csv, tmq), in English and Chinese
 * side by side (`say(english, chinese)`, like the connector definitions), so both languages have the same structure.
 * They load with the docs page only. Field-by-field reference is generated from the definitions (FieldReference).
 */
export interface GuideExample {
  heading: string;
  code: string;
  note?: string;
}

export interface ConnectorGuide {
  setup: string[];
  examples: GuideExample[];
  transform: string[];
}

type Say = (english: string, chinese: string) => string;

const SQL_TEMPLATE_NOTE = (say: Say) =>
  say(
    'The task runs the template once per window [start, end): it steps from the start time by the query interval up to the end time, or, without one, up to now minus the delay and then follows new rows. Every template has one pair of placeholders: ${start}/${end} (a timestamp with its UTC offset), ${start_no_tz}/${end_no_tz} (without the offset) or ${start_date}/${end_date} (the day). Quotes are added unless the template quotes the placeholder already.',
    '任务对每个时间窗口 [start, end) 执行一次模板：从开始时间起按查询间隔前进到结束时间；没有结束时间时前进到“当前时间减去延迟”，然后持续跟随新行。模板必须包含一对占位符：${start}/${end}（带 UTC 偏移的时间戳）、${start_no_tz}/${end_no_tz}（不带偏移）或 ${start_date}/${end_date}（日期）。除非模板已为占位符加了引号，否则会自动加上引号。',
  );

const SQL_TRANSFORM = (say: Say) => [
  say(
    'Each row of the query is a record whose fields are its column names. Map a timestamp column to the target column ts (format auto reads numbers as milliseconds and text as RFC 3339), choose the super table, a child-table name template such as d_${device_id}, the tags and the columns.',
    '查询结果的每一行是一条记录，字段即列名。将时间戳列映射到目标列 ts（格式 auto 把数字视为毫秒、把文本视为 RFC 3339），并选择超级表、子表名模板（如 d_${device_id}）、标签和普通列。',
  ),
  say('A filter such as status = \'ok\' and value > 0 drops the rows it does not keep; a dropped row is not a failure.', '过滤条件（如 status = \'ok\' and value > 0）会丢弃不满足条件的行；被丢弃的行不计为失败。'),
];

const GUIDES: Partial<Record<ConnectorId, (say: Say) => ConnectorGuide>> = {
  mqtt: (say) => ({
    setup: [
      say(
        'Give the broker\'s host and port (1883 by default; 8883 is usual for MQTTS) and choose the protocol: MQTTS encrypts the connection with TLS.',
        '填写代理的主机和端口（默认 1883；MQTTS 通常为 8883），并选择协议：MQTTS 使用 TLS 加密连接。',
      ),
      say(
        'Authentication: anonymous, a username and password, or certificates (the CA, the client certificate and its key) as the broker requires.',
        '认证方式：按代理的要求选择匿名、用户名和密码，或证书（CA 证书、客户端证书及其私钥）。',
      ),
      say(
        'The client ID names the task\'s session at the broker: give each task its own. With clean session off, the broker keeps the session while the task is stopped and delivers what arrived meanwhile; a message is acknowledged only once it is written.',
        '客户端 ID 是任务在代理上的会话名称，每个任务应使用不同的 ID。关闭“清除会话”时，任务停止期间代理会保留会话，并在重新连接后投递期间到达的消息；消息写入成功后才会确认。',
      ),
      say(
        'Mosquitto lets a client hold at most 20 unacknowledged QoS 1/2 messages and queues at most 1000 for it by default: raise max_inflight_messages and max_queued_messages in mosquitto.conf for real loads.',
        'Mosquitto 默认每个客户端最多 20 条未确认的 QoS 1/2 消息、最多排队 1000 条：实际负载下请在 mosquitto.conf 中调大 max_inflight_messages 与 max_queued_messages。',
      ),
    ],
    examples: [
      {
        heading: say('Topics', '订阅主题'),
        code: 'factory/+/meters::1,factory/alarms/#::2',
        note: say('Comma-separated <topic>::<QoS> entries; QoS is 0, 1 or 2; + and # are MQTT wildcards.', '以逗号分隔的 <主题>::<QoS>；QoS 为 0、1 或 2；+ 与 # 为 MQTT 通配符。'),
      },
      {
        heading: say('A message and its transform', '一条消息及其转换'),
        code: 'payload: {"device":"m1","ts":1767225600000,"current":10.3,"voltage":219}\nparser: json\nsuper table: meters   child table: d_${device}\ntimestamp: field ts, format ms\ncolumns: current:FLOAT, voltage:INT   tags: device',
      },
    ],
    transform: [
      say(
        'A record has the fields ts (the time received), topic, qos and payload (the message as text). Parse the payload as JSON, with a regular expression (named groups become fields) or by splitting it on a separator.',
        '每条记录包含字段 ts（接收时间）、topic、qos 和 payload（消息文本）。可将 payload 按 JSON 解析、用正则表达式解析（命名分组成为字段），或按分隔符拆分。',
      ),
      say(
        'JSON keys that would overwrite ts, topic or qos stay reachable as payload.ts and so on; extract rules such as data.items[0].v add fields from nested values.',
        '会覆盖 ts、topic 或 qos 的 JSON 键仍可通过 payload.ts 等访问；提取规则（如 data.items[0].v）可从嵌套值中取出新字段。',
      ),
    ],
  }),
  postgres: (say) => ({
    setup: [
      say(
        'Give the server\'s host, port (5432), database, and a user allowed to SELECT the tables the template reads. The session runs in UTC.',
        '填写服务器的主机、端口（5432）、数据库，以及可对模板所读表执行 SELECT 的用户。会话使用 UTC 时区。',
      ),
      say(
        'Rows are read through a server-side cursor in a read-only transaction, 10,000 at a time, so a large window never sits whole in memory.',
        '数据通过只读事务中的服务器端游标读取，每次 10,000 行，大的时间窗口也不会整体载入内存。',
      ),
      SQL_TEMPLATE_NOTE(say),
    ],
    examples: [
      {
        heading: say('SQL template', 'SQL 模板'),
        code: 'SELECT ts, device_id, current, voltage\nFROM readings\nWHERE ts >= ${start} AND ts < ${end}\nORDER BY ts',
        note: say('With a query interval of 1 h, each run reads one hour; ${start} becomes \'2026-01-01 00:00:00.000+00:00\'.', '查询间隔为 1 小时时，每次读取一小时；${start} 会替换为 \'2026-01-01 00:00:00.000+00:00\'。'),
      },
      { heading: say('Daily partitions', '按天分区'), code: 'SELECT * FROM events WHERE day >= ${start_date} AND day < ${end_date}' },
    ],
    transform: SQL_TRANSFORM(say),
  }),
  mysql: (say) => ({
    setup: [
      say(
        'Give the server\'s host, port (3306), database, a user allowed to SELECT, and the character set of the tables. MariaDB works the same way.',
        '填写服务器的主机、端口（3306）、数据库、可执行 SELECT 的用户以及表的字符集。MariaDB 的用法相同。',
      ),
      say(
        'The session runs in UTC; rows are streamed as they come, never held whole.',
        '会话使用 UTC 时区；结果按行流式读取，不会整体保存在内存中。',
      ),
      SQL_TEMPLATE_NOTE(say),
    ],
    examples: [
      {
        heading: say('SQL template', 'SQL 模板'),
        code: 'SELECT created_at AS ts, sensor, temperature\nFROM samples\nWHERE created_at >= ${start} AND created_at < ${end}',
        note: say('MySQL receives ${start} as \'2026-01-01 00:00:00.000\' (no offset: MariaDB reads none).', 'MySQL 收到的 ${start} 为 \'2026-01-01 00:00:00.000\'（不带偏移：MariaDB 不识别偏移）。'),
      },
    ],
    transform: SQL_TRANSFORM(say),
  }),
  csv: (say) => ({
    setup: [
      say(
        'Upload the files on the CSV files page (Data In → CSV files), then choose one or several of them in the task: they are read in the order chosen.',
        '先在“CSV 文件”页（数据写入 → CSV 文件）上传文件，再在任务中选择一个或多个文件：按所选顺序读取。',
      ),
      say(
        'Describe the format: whether the first line is a header, how many lines to skip before the data, the delimiter (, or ;), the quote (" or \') and the comment prefix (whole lines starting with it are skipped). A byte order mark and empty lines are skipped.',
        '说明文件格式：首行是否为表头、数据前跳过的行数、分隔符（, 或 ;）、引号（" 或 \'）以及注释前缀（以其开头的整行会被跳过）。字节序标记和空行会被跳过。',
      ),
      say(
        'A file a running task reads can be neither replaced nor deleted; the task finishes (completed) after the last file.',
        '运行中的任务正在读取的文件不能替换或删除；读完最后一个文件后任务结束（已完成）。',
      ),
    ],
    examples: [
      {
        heading: say('A file with a header', '带表头的文件'),
        code: '# exported 2026-01-01\nts,device,current\n1767225600000,m1,10.3\n1767225601000,m2,9.8',
        note: say('Comment prefix #, header on: the records have the fields ts, device and current.', '注释前缀 #，首行为表头：记录的字段为 ts、device 和 current。'),
      },
      { heading: say('Without a header', '不带表头'), code: '1767225600000;m1;10.3', note: say('Delimiter ;, header off: the fields are c1, c2, c3.', '分隔符 ;，无表头：字段为 c1、c2、c3。') },
    ],
    transform: [
      say(
        'Every value is text: the transform converts it to the declared column type (a value that does not convert fails its record, shown in the sample). Map the time column to ts with the format it is written in (ms, s, rfc3339 …).',
        '所有值均为文本：转换会将其转为声明的列类型（无法转换的值使该记录失败，并在采样中显示）。将时间列映射到 ts，并选择它的格式（ms、s、rfc3339 等）。',
      ),
    ],
  }),
  tmq: (say) => ({
    setup: [
      say(
        'On the other TDengine 3.x instance, create a topic, e.g. CREATE TOPIC meters_topic AS SELECT * FROM power.meters, and a user allowed to subscribe to it.',
        '在另一个 TDengine 3.x 实例上创建主题（如 CREATE TOPIC meters_topic AS SELECT * FROM power.meters），并准备有订阅权限的用户。',
      ),
      say(
        'Give its websocket endpoint (ws:// or wss://, taosAdapter\'s port 6041 by default), the topic, the username and password.',
        '填写其 WebSocket 连接地址（ws:// 或 wss://，taosAdapter 默认端口 6041）、主题、用户名和密码。',
      ),
      say(
        'The group ID holds the task\'s position (fixed once the task exists; it defaults to the client ID); offsets are committed after each written batch, so a restart resumes after the last written row. Offset reset chooses where a new group starts: earliest or latest.',
        '消费组 ID 保存任务的消费位置（任务创建后不可修改；默认为客户端 ID）；每批写入成功后提交位点，重启后从最后写入的行之后继续。“消费起始位置”决定新消费组从最早还是最新开始。',
      ),
    ],
    examples: [
      { heading: say('Endpoint and topic', '连接地址与主题'), code: 'endpoint: wss://tdengine.example.com:6041\ntopic: meters_topic\nclient ID: import-1' },
    ],
    transform: [
      say(
        'A record holds the row\'s columns and tbname (its child table). Keep the same super table, use ${tbname} as the child-table name, and list the tags and columns to copy.',
        '记录包含该行的各列以及 tbname（所属子表）。可沿用相同的超级表，以 ${tbname} 作为子表名，并列出要复制的标签和列。',
      ),
    ],
  }),
};

/** The guide of a source in a language, or undefined for a source whose tasks do not run yet. */
export function connectorGuide(id: string, language: Language): ConnectorGuide | undefined {
  const write = GUIDES[id as ConnectorId];
  return write?.((english, chinese) => (language === 'zh' ? chinese : english));
}
