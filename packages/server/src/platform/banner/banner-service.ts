import { eq } from 'drizzle-orm';
import { BannerType, type Banner } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { appSettings } from '../../store/schema';

const KEY = 'banner';

export function isBanner(value: unknown): value is Banner {
  const v = value as Banner | null;
  return !!v && (BannerType as readonly string[]).includes(v.type) && typeof v.content === 'string' && v.content.length > 0;
}

/** The maintenance banner, or null. */
export async function getBanner(db: Db): Promise<Banner | null> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, KEY)).limit(1);
  return rows[0] && isBanner(rows[0].value) ? { type: rows[0].value.type, content: rows[0].value.content } : null;
}

/** Sets the banner (operator command); an ERROR banner sends every page of the console to maintenance. */
export async function setBanner(db: Db, banner: Banner): Promise<void> {
  if (!isBanner(banner)) throw new Error(`a banner needs a type (${BannerType.join(', ')}) and a content`);
  await db
    .insert(appSettings)
    .values({ key: KEY, value: banner, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: banner, updatedAt: new Date() } });
}

export async function clearBanner(db: Db): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, KEY));
}
