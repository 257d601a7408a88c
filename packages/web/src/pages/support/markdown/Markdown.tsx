import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * Issue and comment text, rendered the same in the editor's preview and in the thread (docs/support.md "Markdown"):
 * raw HTML shows as the text it is (htmlAsText), rehype-sanitize drops what GitHub's allow-list does not
 * permit (event handlers, scripts, styles), and a link or image address that is not http(s), mailto or relative is
 * removed (javascript:, data:, vbscript:). Images are shown as links, not loaded: nobody's browser fetches an
 * address a stranger wrote into an issue.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ) : (
      <span>{alt}</span>
    ),
};

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

/** A remark plugin: raw HTML in the text is kept as the text it is ("the log says <timeout>"), never parsed as markup. */
export function htmlAsText() {
  const walk = (node: MdastNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return walk;
}

export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  // defaultUrlTransform keeps relative addresses and http(s), mailto, irc(s), xmpp: only the web's and mail's stay
  return /^(irc|ircs|xmpp):/i.test(kept) ? '' : kept;
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="ticket-markdown" data-testid="markdown">
      <ReactMarkdown remarkPlugins={[htmlAsText]} rehypePlugins={[rehypeSanitize]} urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
