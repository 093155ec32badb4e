import { useMutation, useQuery } from '@tanstack/react-query';
import type { CsvList } from '#shared/api/account-data';
import { api, pathOf } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';

/*
 * The person's data as a whole (docs/product.md#your-data). The exports are plain links: the browser
 * downloads them with the session cookie and names them from Content-Disposition.
 */
export const EXPORT_JSON_URL = pathOf(api.account.export);
export const exportCsvUrl = (list: CsvList) => pathOf(api.account.exportCsv, { params: { list } });

export const accountSummaryQueryKey = ['account', 'summary'] as const;

/** GET /api/account/summary: what deleting the account would delete, asked for when it is confirmed. */
export function useAccountSummary(enabled: boolean) {
  return useQuery({
    queryKey: accountSummaryQueryKey,
    queryFn: () => callApi(api.account.summary),
    enabled,
    staleTime: 0,
  });
}

/** DELETE /api/account: the person and everything of theirs; the session cookie goes with it. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => callApi(api.account.remove) });
}
