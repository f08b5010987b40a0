import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wordDiff } from '../lib/word-diff';
import './text-diff.css';

/**
 * Two versions of a text as one, word by word: removed words struck through, added ones underlined
 * (`<del>`, `<ins>`, which screen readers announce), the rest as it was.
 */
export const TextDiff = ({ before, after, testId }: { before: string; after: string; testId?: string }) => {
  const { i18n } = useTranslation();
  // A run's key is where it starts in the old and the new text: unique, and stable for the same texts.
  const runs = useMemo(() => {
    let old = 0;
    let now = 0;
    return wordDiff(before, after, i18n.language).map((part) => {
      const key = `${old}:${now}`;
      if (part.kind !== 'added') old += part.text.length;
      if (part.kind !== 'removed') now += part.text.length;
      return { ...part, key };
    });
  }, [before, after, i18n.language]);
  return (
    <div className="text-diff" data-testid={testId}>
      {runs.map((run) =>
        run.kind === 'added' ? (
          <ins key={run.key} className="diff-added">
            {run.text}
          </ins>
        ) : run.kind === 'removed' ? (
          <del key={run.key} className="diff-removed">
            {run.text}
          </del>
        ) : (
          <span key={run.key}>{run.text}</span>
        ),
      )}
    </div>
  );
};
