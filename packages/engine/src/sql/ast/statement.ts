import type {
  AlterDatabaseStatement,
  CompactDatabaseStatement,
  CreateDatabaseStatement,
  DropDatabaseStatement,
  FlushDatabaseStatement,
  TrimDatabaseStatement,
  UseStatement,
} from './database';
import type { DeleteStatement, InsertStatement } from './insert';
import type { ExplainStatement, KillStatement } from './misc';
import type { QueryExpression } from './select';
import type { ShowStatement } from './show';
import type {
  CreateStreamStatement,
  CreateTopicStatement,
  CreateTriggerStreamStatement,
  DropConsumerGroupStatement,
  DropStreamStatement,
  DropTopicStatement,
  PauseStreamStatement,
  RecalculateStreamStatement,
  ResumeStreamStatement,
  StartStreamStatement,
  StopStreamStatement,
} from './stream-topic';
import type {
  AlterStableStatement,
  AlterTableStatement,
  CreateChildTablesStatement,
  CreateIndexStatement,
  CreateStableStatement,
  CreateTableStatement,
  CreateViewStatement,
  DescribeStatement,
  DropIndexStatement,
  DropStableStatement,
  DropTableStatement,
  DropViewStatement,
} from './table';
import type { AlterUserStatement, CreateUserStatement, DropUserStatement, GrantStatement } from './user';

/** Every statement the engine understands; discriminated by `kind`. */
export type Statement =
  | QueryExpression
  | InsertStatement
  | DeleteStatement
  | CreateDatabaseStatement
  | AlterDatabaseStatement
  | DropDatabaseStatement
  | UseStatement
  | FlushDatabaseStatement
  | TrimDatabaseStatement
  | CompactDatabaseStatement
  | CreateStableStatement
  | CreateTableStatement
  | CreateChildTablesStatement
  | AlterStableStatement
  | AlterTableStatement
  | DropTableStatement
  | DropStableStatement
  | CreateIndexStatement
  | DropIndexStatement
  | CreateViewStatement
  | DropViewStatement
  | DescribeStatement
  | ShowStatement
  | CreateUserStatement
  | AlterUserStatement
  | DropUserStatement
  | GrantStatement
  | CreateTopicStatement
  | DropTopicStatement
  | DropConsumerGroupStatement
  | CreateStreamStatement
  | CreateTriggerStreamStatement
  | DropStreamStatement
  | PauseStreamStatement
  | ResumeStreamStatement
  | StartStreamStatement
  | StopStreamStatement
  | RecalculateStreamStatement
  | KillStatement
  | ExplainStatement;

export type StatementKind = Statement['kind'];
