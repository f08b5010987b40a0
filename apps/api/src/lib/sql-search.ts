/** Escapes LIKE wildcards so a search for "50%" matches the text "50%", not everything after "50". */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
