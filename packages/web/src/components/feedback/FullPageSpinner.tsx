import { theme } from 'antd';

/**
 * The spinner shown while a page's code loads: a plain SVG in antd Spin's large size and the theme colour, turned by
 * SVG's own animation (no style sheet needed). antd's Spin would put its code on the sign-in page, which shows this
 * while its chunk arrives (docs/web.md "Delivery").
 */
export function FullPageSpinner() {
  const { token } = theme.useToken();
  const size = token.controlHeightLG - 8;
  return (
    <div aria-busy="true" style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
        <circle cx="16" cy="16" r="13" fill="none" stroke={token.colorPrimary} strokeWidth="3" strokeLinecap="round" strokeDasharray="60 100">
          <animateTransform attributeName="transform" type="rotate" from="0 16 16" to="360 16 16" dur="1s" repeatCount="indefinite" />
        </circle>
      </svg>
    </div>
  );
}
