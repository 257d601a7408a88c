import { z } from 'zod';

/** GET /region/{region}/replication/{appId}/definitions?lang=: without lang, the Accept-Language decides. */
export const definitionsQuerySchema = z.object({ lang: z.enum(['en', 'zh'], { message: 'validation.formFormat' }).optional() });
