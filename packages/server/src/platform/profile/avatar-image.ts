import sharp from 'sharp';
import { imageTypeOf, type AvatarMime } from './image-type';

/** Avatars are shown small: larger images are scaled down to fit this square (never up). */
export const AVATAR_MAX_SIDE = 512;
/** Pixels a decoded upload may have (a 1 MB file can claim a huge canvas: a decompression bomb). */
const AVATAR_MAX_INPUT_PIXELS = 25_000_000;

const FORMAT_OF: Record<AvatarMime, 'jpeg' | 'png' | 'gif'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

/**
 * The upload decoded and encoded again, in the type its name claims (JPEG, PNG or GIF, animation kept): only
 * pixels survive, so nothing else the file carried — HTML or script after a GIF header (a polyglot a browser might
 * sniff and run), metadata such as EXIF locations — is ever stored or served. Null when the bytes are not that type
 * (by their magic number and by the decoder) or do not fully decode (sharp fails on truncated or corrupt data).
 */
export async function reencodeAvatar(bytes: Buffer, mimeType: AvatarMime): Promise<{ mimeType: AvatarMime; bytes: Buffer } | null> {
  if (imageTypeOf(bytes) !== mimeType) return null;
  const format = FORMAT_OF[mimeType];
  try {
    const image = sharp(bytes, { animated: format === 'gif', limitInputPixels: AVATAR_MAX_INPUT_PIXELS });
    if ((await image.metadata()).format !== format) return null;
    const encoded = await image
      .rotate()
      .resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
    return { mimeType, bytes: encoded };
  } catch {
    return null;
  }
}
