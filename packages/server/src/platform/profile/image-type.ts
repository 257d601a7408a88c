/** The image type of a file by its first bytes (its magic number), whatever its name says. */
export type AvatarMime = 'image/jpeg' | 'image/png' | 'image/gif';

export function imageTypeOf(bytes: Buffer): AvatarMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

/** The image type a file name claims by its extension (jpg, jpeg, png, gif), or null. */
export function imageTypeOfName(filename: string): AvatarMime | null {
  const extension = /\.([a-z]+)$/i.exec(filename)?.[1].toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  return extension === 'png' ? 'image/png' : extension === 'gif' ? 'image/gif' : null;
}
