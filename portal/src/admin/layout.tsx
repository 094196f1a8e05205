import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, MenuItemLink, UserMenu, useBasename, useGetIdentity } from 'react-admin';
import { PasswordGate } from './team-profile/PasswordGate.tsx';

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
