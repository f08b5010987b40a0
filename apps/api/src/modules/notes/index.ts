import type { PultModule } from '../../pult-module';
import { notesClientRoutes } from './client-routes';
import { noteHistory } from './note-history';
import { notesRoutes } from './notes-routes';

/** The notes module's public face: what it brings to the app. */
export const notesModule: PultModule = {
  name: 'notes',
  routes: [notesRoutes, notesClientRoutes],
  versioned: [noteHistory],
};
