import type { Theme } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * The portal's navy (--accent in styles.css). MUI's default blues fail WCAG AA: white on the app bar's #2196f3 is
 * 3.1:1, and #1976d2 on the inputs' and page's light greys 4.0–4.4:1.
 */
const NAVY = { light: '#4a6485', main: '#1f3a5f', dark: '#12243d', contrastText: '#fff' };

/**
 * Fit for a phone. React-admin lets its layout grow as wide as its widest table, so the whole page scrolled sideways:
 * the page keeps the window's width, and a wide table scrolls in its own box (WideTable.tsx).
 */
const fitForPhones: RaThemeOptions['components'] = {
  RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
  RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
  // An empty list's "No … yet" is in the disabled-text grey (2.4:1 on white): it is a message, not a disabled control.
  RaEmpty: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }) } },
  // Tap targets of 44 px (issue 16): the app bar's icon buttons (MUI's are 40 px), and on a phone every button.
  MuiIconButton: { styleOverrides: { sizeMedium: { padding: 10 } } },
  MuiButton: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }) } },
  // A spinner (react-admin's in the app bar while anything loads, its page and button loaders) is a progressbar, which
  // a screen reader can only announce by name.
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: NAVY, secondary: NAVY },
  components: { ...defaultLightTheme.components, ...fitForPhones },
};

export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, components: { ...defaultDarkTheme.components, ...fitForPhones } };
