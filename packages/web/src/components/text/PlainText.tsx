import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * Headings, paragraphs and links in antd Typography's look without its code: Typography brings its copy and edit
 * tools, their tooltip and the popup engine (15 kB gzip) onto every page that shows a title. For the sign-in route
 * and the frame around it (docs/web.md "Delivery"); the console pages use Typography.
 */
type Level = 1 | 2 | 3 | 4 | 5;

export function PlainTitle({ level, style, children }: { level: Level; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  const sizes: Record<Level, [CSSProperties['fontSize'], CSSProperties['lineHeight']]> = {
    1: [token.fontSizeHeading1, token.lineHeightHeading1],
    2: [token.fontSizeHeading2, token.lineHeightHeading2],
    3: [token.fontSizeHeading3, token.lineHeightHeading3],
    4: [token.fontSizeHeading4, token.lineHeightHeading4],
    5: [token.fontSizeHeading5, token.lineHeightHeading5],
  };
  const [fontSize, lineHeight] = sizes[level];
  return <Tag style={{ marginTop: 0, marginBottom: '0.5em', color: token.colorTextHeading, fontWeight: token.fontWeightStrong, fontSize, lineHeight, ...style }}>{children}</Tag>;
}

export function PlainParagraph({ type, style, children, ...rest }: { type?: 'secondary'; style?: CSSProperties; children: ReactNode; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  return (
    <div {...rest} style={{ marginTop: 0, marginBottom: '1em', color: type === 'secondary' ? token.colorTextSecondary : token.colorText, ...style }}>
      {children}
    </div>
  );
}

/** The style of a link in Typography's colour, for a router Link: `<Link style={useLinkStyle()} …>`. */
export function useLinkStyle(): CSSProperties {
  const { token } = theme.useToken();
  return { color: token.colorLink, textDecoration: 'none' };
}

/** A horizontal rule with a word in its middle, as antd's `<Divider plain>text</Divider>`. */
export function PlainDivider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const line: CSSProperties = { flex: 1, borderBlockStart: `${token.lineWidth}px solid ${token.colorSplit}` };
  return (
    <div role="separator" style={{ display: 'flex', alignItems: 'center', gap: '1em', margin: `${token.marginLG}px 0`, color: token.colorText, fontSize: token.fontSize }}>
      <span style={line} />
      {children}
      <span style={line} />
    </div>
  );
}
