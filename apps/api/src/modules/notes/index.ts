/** The notes module's public face: app.ts and the client module import from here only. */
export { notesRoutes } from './notes-routes';
export { notesService } from './notes-service';
