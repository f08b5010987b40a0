import type { ReactNode } from 'react';

/**
 * A small Markdown renderer for legal texts: headings, paragraphs, lists, block quotes, rules,
 * bold, italic, inline code and links. It builds React elements, never HTML strings, so whatever the
 * text holds is shown as text: no markup, script or style can get through. Links keep only
 * http(s) and mailto targets.
 */

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Inline marks: **bold**, *italic* / _italic_, `code`, [text](url). */
const INLINE = /(\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*([^*]+)\*|_([^_]+)_)/g;

export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(text.slice(last, start));
    const key = `${keyPrefix}-${index++}`;
    const [, , bold, code, linkText, href, italic, underscored] = match;
    if (bold !== undefined) nodes.push(<strong key={key}>{renderInline(bold, key)}</strong>);
    else if (code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (linkText !== undefined && href !== undefined)
      nodes.push(
        SAFE_LINK.test(href) ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(linkText, key)}
          </a>
        ) : (
          <span key={key}>{linkText}</span>
        ),
      );
    else nodes.push(<em key={key}>{renderInline(italic ?? underscored ?? '', key)}</em>);
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string }
  | { kind: 'rule' };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      const level = Math.min(heading[1]?.length ?? 1, 4) as 1 | 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: heading[2] ?? '' });
    } else if (/^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1]) || '');
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ kind: 'quote', text: line.replace(/^>\s?/, '') });
    } else if (list) {
      // A continuation line of the last item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/**
 * The text without its first line when that line is a heading saying `title` again: a document is
 * often written starting with its own title, which the screen already shows above it.
 */
export function withoutLeadingTitle(source: string, title: string): string {
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  const match = /^\s*#{1,6}[ \t]+([^\n]*?)[ \t#]*(?:\n|$)/.exec(source);
  return match && normalise(match[1] ?? '') === normalise(title) ? source.slice(match[0].length) : source;
}

export const Markdown = ({ source }: { source: string }) => (
  <div className="markdown-body">
    {parseBlocks(source).map((block, index) => {
      const key = `b${index}`;
      switch (block.kind) {
        case 'heading': {
          const Tag = `h${block.level + 1}` as 'h2' | 'h3' | 'h4' | 'h5';
          return <Tag key={key}>{renderInline(block.text, key)}</Tag>;
        }
        case 'paragraph':
          return <p key={key}>{renderInline(block.text, key)}</p>;
        case 'quote':
          return <blockquote key={key}>{renderInline(block.text, key)}</blockquote>;
        case 'rule':
          return <hr key={key} />;
        default: {
          const items = block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity besides their position
            <li key={`${key}-${i}`}>{renderInline(item, `${key}-${i}`)}</li>
          ));
          return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
        }
      }
    })}
  </div>
);
