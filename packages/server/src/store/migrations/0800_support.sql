-- Support issues (platform-shell.md §3 Support ticket, §4 ticket states; issue 18, docs/support.md).

-- Support staff, named by the operator (`ops staff add EMAIL`): they work every organization's issues in the desk,
-- and nothing else of those organizations.
CREATE TABLE support_staff (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  added_at bigint NOT NULL
);

-- The issue-type dictionary (GET /dict/issuetype), labels in both languages.
CREATE TABLE support_issue_types (
  id integer PRIMARY KEY,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  sort integer NOT NULL
);
INSERT INTO support_issue_types (id, name_en, name_zh, sort) VALUES
  (1, 'Technical problem', '技术问题', 1),
  (2, 'Instance and configuration', '实例与配置', 2),
  (3, 'Data in and data out', '数据写入与导出', 3),
  (4, 'Billing and payment', '账单与付款', 4),
  (5, 'Account and access', '账号与权限', 5),
  (6, 'Feature request', '功能建议', 6),
  (7, 'Other', '其他', 7);

CREATE SEQUENCE support_issue_number_seq START 1001;

CREATE TABLE support_issues (
  id text PRIMARY KEY,
  -- what people quote ("#1042"); the id stays unguessable
  number bigint NOT NULL UNIQUE DEFAULT nextval('support_issue_number_seq'),
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  creator_id text REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  description text NOT NULL,
  type_id integer NOT NULL REFERENCES support_issue_types(id),
  product text NOT NULL,
  instance_id text,
  state text NOT NULL CHECK (state IN ('unassigned', 'awaiting_processing', 'awaiting_response', 'processing', 'finished', 'aborted', 'closed')),
  assignee_id text REFERENCES users(id) ON DELETE SET NULL,
  notify_email text,
  notify_on_progress boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX support_issues_org_idx ON support_issues (org_id, updated_at DESC);
CREATE INDEX support_issues_queue_idx ON support_issues (state, assignee_id, updated_at DESC);

-- The conversation: customers' comments, staff replies, and staff notes customers never see ('internal').
CREATE TABLE support_comments (
  id text PRIMARY KEY,
  issue_id text NOT NULL REFERENCES support_issues(id) ON DELETE CASCADE,
  author_id text REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('customer', 'staff', 'internal')),
  content text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX support_comments_issue_idx ON support_comments (issue_id, created_at);

-- The timeline: every move of the state machine, who made it and when (append only).
CREATE TABLE support_events (
  id bigserial PRIMARY KEY,
  issue_id text NOT NULL REFERENCES support_issues(id) ON DELETE CASCADE,
  action text NOT NULL,
  from_state text,
  to_state text NOT NULL,
  actor_id text REFERENCES users(id) ON DELETE SET NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('customer', 'staff')),
  assignee_id text REFERENCES users(id) ON DELETE SET NULL,
  at bigint NOT NULL
);
CREATE INDEX support_events_issue_idx ON support_events (issue_id, id);

-- Attachments: the bytes and their metadata are stored files (kind 'support'); this row says whose they are.
-- Uploaded first, then named by an issue or a comment. A customer's upload carries her organization; a staff
-- upload gets the issue's organization when attached.
CREATE TABLE support_files (
  file_id text PRIMARY KEY REFERENCES stored_files(id) ON DELETE CASCADE,
  org_id text REFERENCES organizations(id) ON DELETE CASCADE,
  uploader_id text REFERENCES users(id) ON DELETE SET NULL,
  by_staff boolean NOT NULL,
  issue_id text REFERENCES support_issues(id) ON DELETE CASCADE,
  comment_id text REFERENCES support_comments(id) ON DELETE CASCADE,
  created_at bigint NOT NULL
);
CREATE INDEX support_files_issue_idx ON support_files (issue_id);
