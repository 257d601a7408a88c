import { topicCreateSchema, topicCreateSql, type TopicCreateRequest } from '@tscloud/contracts';

/** The create form's first values: a database topic (the simplest kind). */
export const TOPIC_FORM_DEFAULTS: TopicCreateRequest = { name: '', kind: 'database', db: '', query: '', stable: '', condition: '', with_meta: false };

/** The statement the form would run now (the server builds the same one from the same body), or null while invalid. */
export function topicPreview(values: TopicCreateRequest): string | null {
  const parsed = topicCreateSchema.safeParse(values);
  return parsed.success ? topicCreateSql(parsed.data) : null;
}
