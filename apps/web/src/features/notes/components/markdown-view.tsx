import Markdown, { defaultUrlTransform } from 'react-markdown';

/**
 * A note's Markdown, rendered safely: raw HTML in the text is dropped (no rehype-raw, `skipHtml`),
 * and link and image addresses pass react-markdown's allow-list (http, https, mailto, relative), so a
 * `javascript:` or `data:` link renders as a link to nowhere.
 */
export const MarkdownView = ({ source }: { source: string }) => (
  <div className="note-markdown">
    <Markdown
      skipHtml
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
