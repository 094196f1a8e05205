import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import type { UserView } from '../../../../libs/contracts/index.ts';
import { AuthMessages, newPasswordProblems, type FieldProblems } from '../../../../libs/domain/index.ts';
import { apiFetch } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';

/**
 * The back office for an account whose password someone else chose (npm run create-admin's one-time password): a new
 * password first, nothing else (the API refuses the back office's routes until then too).
 */
export function PasswordGate({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  if (!session?.user.password_change_required) return <>{children}</>;
  return <SetOwnPassword />;
}

function SetOwnPassword() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<FieldProblems<'password' | 'confirm'>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const found = newPasswordProblems(password, confirm);
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const user = await apiFetch<UserView>('/api/auth/user', { method: 'PUT', body: JSON.stringify({ password, current_password: current }) });
      const session = sessionStore.get();
      if (session) sessionStore.set({ ...session, user });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="main" id="main" sx={{ maxWidth: 480, mx: 'auto', my: 3 }}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            Choose your own password
          </Typography>
          <Typography>{AuthMessages.passwordChangeRequired}</Typography>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <TextField label="Current (one-time) password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} fullWidth margin="normal" required />
            <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth margin="normal" required error={Boolean(problems.password)} helperText={problems.password ?? 'A passphrase of three or four uncommon words'} />
            <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} fullWidth margin="normal" required error={Boolean(problems.confirm)} helperText={problems.confirm} />
            <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
              {busy ? 'Saving…' : 'Set password'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
