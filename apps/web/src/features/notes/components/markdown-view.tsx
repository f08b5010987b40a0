import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** GitHub-flavoured Markdown: tables, task lists, strikethrough, autolinks. It adds no raw HTML. */
const plugins = [remarkGfm];

/**
 * A note's Markdown, rendered safely: raw HTML in the text is dropped (no rehype-raw, `skipHtml`),
 * and link and image addresses pass react-markdown's allow-list (http, https, mailto, relative), so a
 * `javascript:` or `data:` link renders as a link to nowhere. Task list boxes are drawn disabled
 * (react-markdown's default): the preview shows the state, the text is where it changes.
 */
export const MarkdownView = ({ source }: { source: string }) => (
  <div className="note-markdown">
    <Markdown
      skipHtml
      remarkPlugins={plugins}
      urlTransform={(url) => defaultUrlTransform(url) || undefined}
      components={{
        a: ({ node: _node, href, children, ...rest }) => (
          <a {...rest} href={href || undefined} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ),
      }}
    >
      {source}
    </Markdown>
  </div>
);
