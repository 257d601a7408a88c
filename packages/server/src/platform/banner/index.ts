export { bannerPlugin } from './plugin';
export { getBanner, setBanner, clearBanner } from './banner-service';
