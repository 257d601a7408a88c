import type { Identifier } from './common';
import type { Expression } from './expression';

/** `CREATE USER u PASS 'pwd' [SYSINFO 0|1] [CREATEDB 0|1] [HOST 'ip/mask', ...]` */
export interface CreateUserStatement {
  kind: 'createUser';
  name: Identifier;
  password: string;
  sysinfo?: number;
  createdb?: number;
  hosts?: string[];
}

export type AlterUserAction =
  | { type: 'pass'; password: string }
  | { type: 'enable'; value: number }
  | { type: 'sysinfo'; value: number }
  | { type: 'createdb'; value: number }
  | { type: 'addHost'; hosts: string[] }
  | { type: 'dropHost'; hosts: string[] };

/** `ALTER USER u PASS '..' | ENABLE n | SYSINFO n | CREATEDB n | ADD HOST .. | DROP HOST ..` (one or more). */
export interface AlterUserStatement {
  kind: 'alterUser';
  name: Identifier;
  actions: AlterUserAction[];
}

export interface DropUserStatement {
  kind: 'dropUser';
  name: Identifier;
}

export type Privilege = 'ALL' | 'READ' | 'WRITE' | 'ALTER' | 'SUBSCRIBE';

/** `db.*`, `db.tb`, `*.*` — `'*'` stands for the wildcard. */
export interface DbPrivilegeTarget {
  type: 'db';
  db: Identifier | '*';
  table: Identifier | '*';
}

/** `SUBSCRIBE ON topic` */
export interface TopicPrivilegeTarget {
  type: 'topic';
  topic: Identifier;
}

/** `GRANT privs ON target [WITH tag_cond] TO user` / `REVOKE privs ON target [WITH tag_cond] FROM user` */
export interface GrantStatement {
  kind: 'grant' | 'revoke';
  privileges: Privilege[];
  target: DbPrivilegeTarget | TopicPrivilegeTarget;
  condition?: Expression;
  /** Source text of the condition (ins_user_privileges.condition). */
  conditionText?: string;
  user: Identifier;
}
