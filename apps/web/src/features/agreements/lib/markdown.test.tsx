// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks } from './markdown';

describe('the Markdown renderer', () => {
  it('draws headings, lists, emphasis and safe links', () => {
    const { container } = render(
      <Markdown
        source={'# Title\n\nSome **bold** and *italic* with [a link](https://example.ru).\n\n- one\n- two\n\n1. first'}
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('italic');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.ru');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(1);
  });

  it('never lets markup or script through', () => {
    const { container } = render(
      <Markdown source={'<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('joins paragraph lines', () => {
    expect(parseBlocks('a\nb\n\nc')).toEqual([
      { kind: 'paragraph', text: 'a b' },
      { kind: 'paragraph', text: 'c' },
    ]);
  });
});
