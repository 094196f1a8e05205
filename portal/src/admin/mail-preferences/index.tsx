import { Title } from 'react-admin';
import { MailPreferencesForm } from '../../components/MailPreferencesForm.tsx';

/** /admin/mail-preferences: a team member's own choices, the Elite requests' mail among them. */
export function MailPreferencesPage() {
  return (
    <div>
      <Title title="Mail preferences" />
      <MailPreferencesForm />
    </div>
  );
}
