import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onFirstOpen } from '../../components/on-first-open';
import { ThunderboltIcon } from '../layout/frame-icons';
import './palette-trigger.css';

// The dialog (antd's Modal and Input, the search over screens, users and codes) comes with the first Ctrl+K.
const PaletteDialog = onFirstOpen(
  'palette-dialog',
  () => import('./palette-dialog').then((m) => m.PaletteDialog),
  (props) => props.open,
);

/** ⌘K on Apple keyboards, Ctrl+K elsewhere; both work everywhere. */
const isApple = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * Ctrl+K / ⌘K from anywhere in the staff app, even inside a text field (the browser's own use of
 * the keys is given up on our pages). By `code`, so a Russian layout's «Л» key works the same.
 */
const usePaletteHotkey = (toggle: () => void) => {
  const latest = useRef(toggle);
  latest.current = toggle;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.code !== 'KeyK' && event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
};

/** The header's button that opens the command palette, showing its shortcut; the palette itself. */
export const CommandPalette = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  usePaletteHotkey(useCallback(() => setOpen((current) => !current), []));
  const shortcut = isApple() ? '⌘K' : 'Ctrl K';

  return (
    <>
      {/* Plain buttons (issue #37, docs/decisions/0040); the compact one says its shortcut on hover. */}
      {compact ? (
        <button
          type="button"
          className="header-button"
          title={`${t('palette.open')} (${shortcut})`}
          aria-label={t('palette.open')}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        >
          <ThunderboltIcon />
        </button>
      ) : (
        <button
          type="button"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
          className="palette-trigger"
        >
          <ThunderboltIcon />
          <span className="palette-trigger-label">{t('palette.open')}</span>
          <kbd className="palette-kbd">{shortcut}</kbd>
        </button>
      )}
      <PaletteDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};
