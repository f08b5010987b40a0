export type Tree = { [key: string]: string | Tree };

/** Deep merge; a feature may add keys but never silently replace a shell key. */
function merge(target: Tree, source: Tree, path = ''): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, `${path}${key}.`);
    else if (existing === undefined) target[key] = typeof value === 'object' ? structuredClone(value) : value;
    else throw new Error(`translation key ${path}${key} is defined twice`);
  }
  return target;
}

/**
 * The shell's strings (`src/locales/<lang>.json`) plus each feature's own
 * (`src/features/<feature>/locales/<lang>.json`), so features never edit one shared file.
 */
export function withFeatures(shell: Tree, featureFiles: Record<string, Tree>): Tree {
  const tree = structuredClone(shell);
  for (const file of Object.values(featureFiles)) merge(tree, file);
  return tree;
}
