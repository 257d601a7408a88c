import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, ApiCode, type AvatarResponse, type CountryEntry, type DictEntry, type UserInfo } from '@tscloud/contracts';
import sharp from 'sharp';
import { activeAccount, call, createAccountsApp, expectRefusal, type AccountsTestApp } from './helpers';

/** A real image of the format (decodable), `width` × `height`. */
const image = (format: 'png' | 'gif' | 'jpeg', width = 4, height = 3) =>
  sharp({ create: { width, height, channels: 3, background: '#0080ff' } }).toFormat(format).toBuffer();
let PNG: Buffer;
let GIF: Buffer;

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----tscloudtest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('profile, dictionaries and avatar', () => {
  let t: AccountsTestApp;
  let token: string;
  const upload = async (filename: string, content: Buffer, lang: 'en' | 'zh' = 'en') => {
    const { body, contentType } = multipart(filename, content);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/avatar', payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang } });
    return res.json();
  };

  beforeAll(async () => {
    [PNG, GIF] = await Promise.all([image('png'), image('gif')]);
    t = await createAccountsApp();
    token = await activeAccount(t, 'pro@example.com');
  });
  afterAll(async () => t.close());

  it('serves the country, industry and position lists in the caller language without sign-in', async () => {
    const countries = await call<CountryEntry[]>(t, 'GET', '/api/dict/country');
    expect(countries.data).toContainEqual({ value: 'CN', label: 'China', dialingCode: '+86' });
    expect((await call<CountryEntry[]>(t, 'GET', '/api/dict/country', { lang: 'zh' })).data).toContainEqual({ value: 'CN', label: '中国', dialingCode: '+86' });
    expect((await call<DictEntry[]>(t, 'GET', '/api/dict/industry', { lang: 'zh' })).data).toContainEqual({ value: 'energy', label: '能源与公用事业' });
    expect((await call<DictEntry[]>(t, 'GET', '/api/dict/position')).data).toContainEqual({ value: 'developer', label: 'Developer' });
  });

  it('updates the profile and refuses bad values', async () => {
    const updated = await call<UserInfo>(t, 'PUT', '/uc/api/user', { token, body: { nickname: 'pro', position: 'architect', language: 'zh' } });
    expect(updated.data).toMatchObject({ nickname: 'pro', position: 'architect', language: 'zh', first_name: 'Ada' });
    expectRefusal(await call(t, 'PUT', '/uc/api/user', { token, body: { first_name: 'A$da' } }), ApiCode.BAD_REQUEST, 'Special characters are not allowed');
    expectRefusal(await call(t, 'PUT', '/uc/api/user', { token, body: { first_name: 'A$da' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '不允许包含特殊字符');
    expectRefusal(await call(t, 'PUT', '/uc/api/user', { token, body: { country_code: 'XX' } }), ApiCode.BAD_REQUEST, 'Form format error');
  });

  it('stores an avatar, serves it back and shows it in the user info', async () => {
    const res = await upload('me.png', PNG);
    expect(res.code).toBe(200);
    const { fileId, url } = res.data as AvatarResponse;
    expect(url).toBe(`/api/files/avatar/${fileId}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
    expect((await call<UserInfo>(t, 'GET', '/api/user/info', { token })).data.avatar).toBe(url);

    // A new avatar replaces the old one, whose file is gone.
    const next = await upload('../../etc/passwd.gif', GIF);
    expect(next.code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).json()).toMatchObject({ code: ApiCode.NOT_FOUND });
    expect((await t.app.inject({ method: 'GET', url: (next.data as AvatarResponse).url })).headers['content-type']).toBe('image/gif');
  });

  it('serves avatars only as images: nosniff, as an attachment, sandboxed', async () => {
    const { url } = (await upload('me.png', PNG)).data as AvatarResponse;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment; filename="avatar"',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('keeps only the pixels: a GIF header followed by HTML is refused, HTML after a real GIF and metadata are dropped', async () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expectRefusal(await upload('polyglot.gif', Buffer.concat([Buffer.from('GIF89a', 'latin1'), html])), ApiCode.BAD_REQUEST, 'Only jpg, jpeg, png or gif images are allowed');
    expectRefusal(await upload('truncated.png', PNG.subarray(0, PNG.length - 20)), ApiCode.BAD_REQUEST, 'Only jpg, jpeg, png or gif images are allowed');
    expectRefusal(await upload('claims.gif', await image('png')), ApiCode.BAD_REQUEST, 'Only jpg, jpeg, png or gif images are allowed');

    const trailing = await upload('trailing.gif', Buffer.concat([GIF, html]));
    expect(trailing.code).toBe(200);
    const gif = await t.app.inject({ method: 'GET', url: (trailing.data as AvatarResponse).url });
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.rawPayload.includes('<script')).toBe(false);
    expect((await sharp(gif.rawPayload).metadata()).format).toBe('gif');

    const located = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'home-at-52.5N-13.4E' } })
      .toBuffer();
    const photo = await upload('photo.jpg', located);
    expect(photo.code).toBe(200);
    const jpeg = await t.app.inject({ method: 'GET', url: (photo.data as AvatarResponse).url });
    expect(jpeg.rawPayload.includes('home-at-52.5N')).toBe(false);
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 256 });
  });

  it('refuses other types, disguised files and files over 1 MB', async () => {
    expectRefusal(await upload('notes.txt', Buffer.from('hello')), ApiCode.BAD_REQUEST, 'Only jpg, jpeg, png or gif images are allowed');
    expectRefusal(await upload('fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'zh'), ApiCode.BAD_REQUEST, '只允许 jpg、jpeg、png 或 gif 图片');
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES, 0)]);
    expectRefusal(await upload('big.png', big), ApiCode.BAD_REQUEST, 'File size is too large');
    expectRefusal(await upload('big.jpg', big, 'zh'), ApiCode.BAD_REQUEST, '文件过大');
    const notMultipart = await call(t, 'POST', '/api/user/avatar', { token, body: { file: 'x' } });
    expectRefusal(notMultipart, ApiCode.BAD_REQUEST, 'Form format error');
    expectRefusal(await call(t, 'GET', '/api/files/avatar/not-a-uuid'), ApiCode.BAD_REQUEST, 'Form format error');
  });
});
