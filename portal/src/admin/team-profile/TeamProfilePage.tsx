import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import type { TeamDisplayNameUpdate, TeamProfileView } from '../../../../libs/contracts/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, TEAM_DISPLAY_NAME_MAX_LENGTH } from '../../../../libs/domain/index.ts';
import { apiFetch } from '../../api/client.ts';

/** /admin/profile: a team member sets the name authors see of them (never their address). */
export function TeamProfilePage() {
  const [profile, setProfile] = useState<TeamProfileView | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiFetch<TeamProfileView>('/api/admin/profile')
      .then((view) => {
        setProfile(view);
        setName(view.display_name ?? '');
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      const view = await apiFetch<TeamProfileView>('/api/admin/profile', { method: 'PUT', body: JSON.stringify({ display_name: name.trim() || null } satisfies TeamDisplayNameUpdate) });
      setProfile(view);
      setName(view.display_name ?? '');
      setSaved(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ maxWidth: 560, my: 2 }}>
      <Title title="Your profile" />
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            Your profile
          </Typography>
          {profile && (
            <Typography gutterBottom>
              Signed in as {profile.email} ({profile.role.replace('_', ' ')}). Authors see you as <strong>{profile.public_name}</strong> on their requests and in their mail, never your address.
            </Typography>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label="Display name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              fullWidth
              margin="normal"
              helperText={`For example "Sam from Pressroom". Empty: "${DEFAULT_TEAM_DISPLAY_NAME}".`}
              slotProps={{ htmlInput: { maxLength: TEAM_DISPLAY_NAME_MAX_LENGTH } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {saved && (
              <Alert severity="success" role="status">
                Saved: authors now see you as {profile?.public_name}.
              </Alert>
            )}
            <Button type="submit" variant="contained" disabled={busy || !profile} sx={{ mt: 2 }}>
              {busy ? 'Saving…' : 'Save'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
