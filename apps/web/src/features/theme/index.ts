// The theme drawer, as a loader: the layout downloads it on its first opening.
export const loadThemeDrawer = () => import('./components/theme-drawer').then((m) => m.ThemeDrawer);
