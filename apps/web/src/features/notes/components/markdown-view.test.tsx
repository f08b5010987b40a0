// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isDirty, normaliseTags } from '../lib/note-form';
import { MarkdownView } from './markdown-view';

const html = (source: string) => render(<MarkdownView source={source} />).container;

describe('MarkdownView with hostile input', () => {
  it('renders Markdown', () => {
    const view = html('# Заголовок\n\n**жирный** и [ссылка](https://example.com)');
    expect(view.querySelector('h1')?.textContent).toBe('Заголовок');
    expect(view.querySelector('strong')?.textContent).toBe('жирный');
    const link = view.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('renders GFM tables and task lists', () => {
    const view = html(
      '| Товар | Цена |\n|---|---:|\n| Хлеб | 50 |\n| Молоко | 90 |\n\n- [ ] купить\n- [x] позвонить\n\n~~старое~~',
    );
    expect([...view.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Товар', 'Цена']);
    expect([...view.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['Хлеб50', 'Молоко90']);
    expect(view.textContent).not.toContain('|---');
    const boxes = [...view.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]')];
    expect(boxes.map((box) => [box.checked, box.disabled, box.parentElement?.textContent?.trim()])).toEqual([
      [false, true, 'купить'],
      [true, true, 'позвонить'],
    ]);
    expect(view.textContent).not.toContain('[ ]');
    expect(view.querySelector('del')?.textContent).toBe('старое');
  });

  it('keeps raw HTML out of table cells and task items', () => {
    const view = html('| a |\n|---|\n| <img src=x onerror="window.hacked = 1"> |\n\n- [ ] <script>x()</script>');
    expect(view.querySelector('table')).not.toBeNull();
    expect(view.querySelector('script, img, [onerror]')).toBeNull();
  });

  it.each([
    '<script>window.hacked = 1</script>',
    '<img src=x onerror="window.hacked = 1">',
    '<iframe src="https://evil.example"></iframe>',
    '<div onclick="alert(1)">click</div>',
    '<a href="javascript:alert(1)">x</a>',
  ])('drops raw HTML: %s', (source) => {
    const view = html(source);
    expect(view.querySelector('script, img, iframe, [onclick], [onerror]')).toBeNull();
    expect(view.innerHTML).not.toMatch(/javascript:|onerror|onclick|<script/i);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](javascript:alert(1))',
    '<javascript:alert(1)>',
    '[x][r]\n\n[r]: javascript:alert(1)',
  ])('never links to a script: %s', (source) => {
    const view = html(source);
    for (const element of view.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  });
});

describe('note form', () => {
  it('treats retyped tags and whitespace-only title edits as no change', () => {
    const saved = { title: 'A', body: 'b', tags: ['утро'] };
    expect(isDirty(saved, { title: 'A ', body: 'b', tags: ['Утро', 'утро'] })).toBe(false);
    expect(isDirty(saved, { ...saved, body: 'b!' })).toBe(true);
    expect(normaliseTags([' Утро ', 'утро', ''])).toEqual(['утро']);
  });
});
