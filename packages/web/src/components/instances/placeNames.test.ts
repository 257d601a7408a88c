import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { placeLabel } from './placeNames';

/** Issue 14 item 10: the embedded local cloud and region are named in the user's language; configured ones as given. */
describe('cloud and region names', () => {
  afterEach(async () => changeLanguage('en'));
  const local = { cloud_id: 'local', cloud_name: 'Local', region_id: 'local', region_name: 'local' };

  it('names the embedded default in English and Chinese', async () => {
    expect(placeLabel(local)).toBe('Local / local');
    await changeLanguage('zh');
    expect(placeLabel(local)).toBe('本地 / 本机');
  });

  it('keeps a configured cloud as named', async () => {
    await changeLanguage('zh');
    expect(placeLabel({ cloud_id: 'aws', cloud_name: 'AWS', region_id: 'us-east-1', region_name: 'US East (N. Virginia)' })).toBe('AWS / US East (N. Virginia)');
  });
});
