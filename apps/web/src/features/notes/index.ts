// The notes screens, as loaders (each its own chunk).
export const loadNotesPage = () => import('./routes/notes').then((m) => ({ default: m.NotesPage }));
export const loadNoteEditorPage = () => import('./routes/note-editor').then((m) => ({ default: m.NoteEditorPage }));
