import type { Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, defaultDarkTheme, defaultLightTheme, Layout, Logout, MenuItemLink, UserMenu, useBasename, useGetIdentity, type RaThemeOptions } from 'react-admin';
import { PasswordGate } from './team-profile/PasswordGate.tsx';

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
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: NAVY, secondary: NAVY },
  components: { ...defaultLightTheme.components, ...fitForPhones },
};

export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, components: { ...defaultDarkTheme.components, ...fitForPhones } };

/** The account menu's name includes the address it shows (react-admin names it "Profile" whatever it shows). */
function AccountMenu() {
  const { identity } = useGetIdentity();
  // A menu link's address is not under the back office's basename by itself.
  const basename = useBasename();
  return (
    <UserMenu {...(identity?.fullName ? { label: `Account menu: ${identity.fullName}` } : {})}>
      <MenuItemLink to={`${basename}/profile`} primaryText="Your profile" />
      <MenuItemLink to={`${basename}/mail-preferences`} primaryText="Mail preferences" />
      <Logout />
    </UserMenu>
  );
}

const BackOfficeAppBar = () => <AppBar userMenu={<AccountMenu />} />;

/** Every page of the back office; an account on a one-time password sees only the form that replaces it (PasswordGate). */
export function BackOfficeLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={BackOfficeAppBar}>
      <PasswordGate>{children}</PasswordGate>
    </Layout>
  );
}
