import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AdminDataProvider } from './dataProvider.ts';

/**
 * A back-office button's call to a workflow (an update or a signal through the API): while it runs the button waits,
 * then the page reloads with what the workflow wrote, or shows the workflow's refusal as it says it.
 */
export function useWorkflowAction<T, R>(call: (dataProvider: AdminDataProvider, input: T) => Promise<R>, succeeded: (result: R) => string) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: T) => call(dataProvider, input),
    onSuccess: (result) => {
      notify(succeeded(result), { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
}
