import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferencesView, UpdateMailPreferencesBody } from '../../../libs/contracts/index.ts';
import { apiFetch } from './client.ts';

const KEY = ['mail-preferences'];

/** The caller's mail preferences (GET /api/profile/mail-preferences). */
export const useMailPreferences = () => useQuery({ queryKey: KEY, queryFn: () => apiFetch<MailPreferencesView>('/api/profile/mail-preferences') });

/** Saves choices (PUT /api/profile/mail-preferences); the answer is the preferences as stored. */
export function useSaveMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMailPreferencesBody) => apiFetch<MailPreferencesView>('/api/profile/mail-preferences', { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: (view) => client.setQueryData(KEY, view),
  });
}
